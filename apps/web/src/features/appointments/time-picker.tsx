import { useTranslation } from '../../i18n/use-translation.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { formatDay, formatTime } from './appointment-text.ts';
import { useGetFreeSlotsQuery } from './appointments-api.ts';
import { describedControl, FieldMessage, FormField } from '../../ui/form-field.tsx';
import styles from './appointments.module.css';

/** A free slot of the day, or a time typed in (which may lie outside the working hours). */
export type TimeChoice = { kind: 'slot'; start: string } | { kind: 'other'; time: string };

/**
 * The day's free times (working hours minus live appointments, from the API) as radio
 * buttons, and 'Another time' with a time box for walk-ins and emergencies. Times are on the
 * practitioner's clock and written in the reader's language.
 */
export function TimePicker({
  id,
  date,
  duration,
  timeZone,
  value,
  onChange,
  error,
}: {
  id: string;
  date: string;
  duration: number;
  timeZone: string;
  value: TimeChoice | null;
  onChange: (choice: TimeChoice) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.language;
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const slots = useGetFreeSlotsQuery({ viewer, date, duration }, { skip: !date });
  const free = slots.currentData?.slots ?? [];
  const otherId = `${id}-other`;
  const invalid = describedControl({ messageOf: id, error });

  let status;
  if (!date) status = t('time.pickDate');
  else if (slots.isFetching) status = t('time.loading');
  else if (slots.isError) status = t('time.loadFailed');
  else if (free.length === 0) status = t('time.none', { day: formatDay(date, language) });
  else status = t('time.free', { count: free.length, day: formatDay(date, language) });

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('form.time')}</legend>
      <p className={styles.hint}>{t('time.zone', { timeZone })}</p>
      <p role="status" className={styles.hint}>
        {status}
      </p>
      <ul className={`${styles.choices} ${styles.slots}`} aria-busy={slots.isFetching}>
        {!slots.isFetching &&
          free.map((slot, index) => (
            <li key={slot.start}>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-choice`}
                  id={index === 0 ? id : undefined}
                  checked={value?.kind === 'slot' && value.start === slot.start}
                  onChange={() => onChange({ kind: 'slot', start: slot.start })}
                  {...invalid}
                />
                {formatTime(slot.start, timeZone, language)}
              </label>
            </li>
          ))}
        <li>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-choice`}
              id={free.length === 0 || slots.isFetching ? id : undefined}
              checked={value?.kind === 'other'}
              onChange={() => onChange({ kind: 'other', time: '' })}
              {...invalid}
            />
            {t('time.other')}
          </label>
        </li>
      </ul>
      {value?.kind === 'other' && (
        <FormField id={otherId} label={t('time.otherLabel')}>
          {(props) => (
            <input
              type="time"
              step={300}
              value={value.time}
              onChange={(event) => onChange({ kind: 'other', time: event.target.value })}
              {...props}
              {...invalid}
            />
          )}
        </FormField>
      )}
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}
