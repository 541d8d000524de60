import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ZScheduleInput, type TWorkingDay, type TWorkingHours } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { WEEKDAYS, type TWeekday } from '@portal/shared/zoned-time';
import { weekdayName } from '../../i18n/format-date.ts';
import { apiErrorOf, fieldMessageText } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { describedControl, FieldMessage, FormField } from '../../ui/form-field.tsx';
import { useUpdateScheduleMutation } from './profile-api.ts';
import styles from './schedule.module.css';

const REMINDERS = [5, 10, 15, 30, 60, 120, 1440] as const;
/** The portal's own reminder, hours before. */
const REMINDER_HOURS = [1, 2, 4, 12, 24, 48, 72, 168] as const;
const NINE_TO_FIVE: TWorkingDay = { start: '09:00', end: '17:00' };

type Field = 'timeZone' | TWeekday | 'reminderMinutes' | 'reminderHours';

/** Every zone `Intl` knows, with the stored one first if it is not among them. */
function timeZonesWith(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

/**
 * A reminder: none, or one of the `presets` (minutes or hours before). A stored value that is
 * not a preset is offered too, in order, so saving the form keeps it.
 */
function ReminderField({
  id,
  label,
  hint,
  error,
  presets,
  value,
  labelOf,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  presets: readonly number[];
  value: number | null;
  labelOf: (choice: number) => string;
  onChange: (value: number | null) => void;
}) {
  const { t } = useTranslation('profile');
  const choices =
    value === null || presets.includes(value)
      ? [...presets]
      : [value, ...presets].sort((a, b) => a - b);
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(props) => (
        <select
          value={value ?? ''}
          onChange={(event) =>
            onChange(event.target.value === '' ? null : Number(event.target.value))
          }
          {...props}
        >
          <option value="">{t('schedule.noReminder')}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {labelOf(choice)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * The practitioner's schedule: the time zone the agenda shows and takes times in,
 * working hours per weekday (free slots come from them), the calendar reminder and whether the
 * calendar feed names patients in full. Saved with `PUT /api/user/schedule`.
 */
export function ScheduleSettings({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation('profile');
  const id = useId();
  const [timeZone, setTimeZone] = useState(user.timeZone);
  const [hours, setHours] = useState<TWorkingHours>(user.workingHours);
  const [reminder, setReminder] = useState(user.reminderMinutes);
  const [hasFullNames, setFullNames] = useState(user.calendarFullNames);
  const [reminderHours, setReminderHours] = useState(user.reminderHours);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const [update, { isLoading }] = useUpdateScheduleMutation();
  const [zones] = useState(() => timeZonesWith(user.timeZone));

  function reminderLabel(minutes: number) {
    return minutes > 0 && minutes % 60 === 0
      ? t('schedule.hoursBefore', { count: minutes / 60 })
      : t('schedule.minutesBefore', { count: minutes });
  }

  function setDay(day: TWeekday, value: TWorkingDay | null) {
    setHours((current) => ({ ...current, [day]: value }));
  }

  async function save() {
    if (isLoading) return;
    setResult(null);
    const parsed = ZScheduleInput.safeParse({
      timeZone,
      workingHours: hours,
      reminderMinutes: reminder,
      calendarFullNames: hasFullNames,
      reminderHours,
    });
    const found: Partial<Record<Field, string>> = {};
    const place = (path: readonly PropertyKey[], message: string) => {
      const field = (path[0] === 'workingHours' ? path[1] : path[0]) as Field;
      found[field] ??= fieldMessageText(t, message);
    };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) place(issue.path, issue.message);
      setErrors(found);
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setErrors({});
    try {
      await update(parsed.data).unwrap();
      setResult('saved');
    } catch (error) {
      for (const [path, message] of Object.entries(apiErrorOf(error)?.fieldErrors ?? {}))
        place(path.split('.'), message);
      setErrors(found);
      setResult('failed');
    }
  }

  const fieldId = (field: Field) => `${id}-${field}`;

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id={`${id}-title`}>{t('schedule.title')}</h2>
      <FormField
        id={fieldId('timeZone')}
        label={t('schedule.timeZone')}
        hint={t('schedule.timeZoneHint')}
        error={errors.timeZone}
      >
        {(props) => (
          <select
            dir="ltr"
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            {...props}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <fieldset className={styles.week}>
        <legend>{t('schedule.workingHours')}</legend>
        <p className={styles.hint}>{t('schedule.workingHoursHint')}</p>
        {WEEKDAYS.map((day) => {
          const value = hours[day];
          return (
            <fieldset key={day} className={styles.day}>
              <legend>{weekdayName(day, i18n.language)}</legend>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  id={`${id}-${day}`}
                  checked={value !== null}
                  onChange={(event) =>
                    setDay(
                      day,
                      event.target.checked ? (user.workingHours[day] ?? NINE_TO_FIVE) : null,
                    )
                  }
                />
                {t('schedule.workingDay')}
              </label>
              {value && (
                <div className={styles.times}>
                  {(['start', 'end'] as const).map((edge) => (
                    <FormField
                      key={edge}
                      id={`${fieldId(day)}-${edge}`}
                      label={t(`schedule.${edge}`)}
                      className={styles.field}
                    >
                      {(props) => (
                        <input
                          type="time"
                          step={900}
                          value={value[edge]}
                          onChange={(event) =>
                            setDay(day, { ...value, [edge]: event.target.value })
                          }
                          {...props}
                          {...describedControl({ messageOf: fieldId(day), error: errors[day] })}
                        />
                      )}
                    </FormField>
                  ))}
                </div>
              )}
              <FieldMessage id={fieldId(day)} error={errors[day]} className={styles.dayError} />
            </fieldset>
          );
        })}
      </fieldset>
      <ReminderField
        id={fieldId('reminderMinutes')}
        label={t('schedule.reminder')}
        error={errors.reminderMinutes}
        presets={REMINDERS}
        value={reminder}
        labelOf={reminderLabel}
        onChange={setReminder}
      />
      <ReminderField
        id={fieldId('reminderHours')}
        label={t('schedule.portalReminder')}
        hint={t('schedule.portalReminderHint')}
        error={errors.reminderHours}
        presets={REMINDER_HOURS}
        value={reminderHours}
        labelOf={(count) => t('schedule.hoursBefore', { count })}
        onChange={setReminderHours}
      />
      <div className={styles.check}>
        <input
          type="checkbox"
          id={`${id}-fullNames`}
          checked={hasFullNames}
          aria-describedby={`${id}-fullNames-hint ${id}-fullNames-shared`}
          onChange={(event) => setFullNames(event.target.checked)}
        />
        <label htmlFor={`${id}-fullNames`}>{t('schedule.fullNames')}</label>
      </div>
      <p id={`${id}-fullNames-hint`} className={styles.hint}>
        {t('schedule.fullNamesHint')}
      </p>
      {/* Announced with the switch: turning it on sends the names to a third party. */}
      <p id={`${id}-fullNames-shared`} className={styles.hint}>
        {t('schedule.fullNamesShared')}
      </p>
      <p role="status" className={result === 'failed' ? styles.error : styles.saved}>
        {result && t(`schedule.${result}`)}
      </p>
      <div>
        <Button type="submit" aria-disabled={isLoading || undefined}>
          {isLoading ? t('save.saving') : t('schedule.save')}
        </Button>
      </div>
    </form>
  );
}
