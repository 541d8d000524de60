import { useTranslation } from '../../i18n/use-translation.ts';
import { weekdayName } from '../../i18n/format-date.ts';
import { formatClock } from './appointment-text.ts';
import type { OutsideHours } from './working-hours.ts';
import { describedControl, FieldMessage } from '../../ui/form-field.tsx';
import styles from './appointments.module.css';

/**
 * The warning before booking outside the working hours, and the box that allows it anyway
 * (walk-ins, emergencies). Always in the page as a polite live region, so the warning is read
 * when a time outside the hours is picked, not only when the reader tabs to it.
 */
export function OutsideHoursWarning({
  id,
  outside,
  isConfirmed,
  onConfirmedChange,
  error,
}: {
  id: string;
  outside: OutsideHours | undefined;
  isConfirmed: boolean;
  onConfirmedChange: (isConfirmed: boolean) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.language;
  let text = '';
  if (outside) {
    const day = weekdayName(outside.weekday, language);
    text = outside.hours
      ? t('outsideHours.hours', {
          day,
          start: formatClock(outside.hours.start, language),
          end: formatClock(outside.hours.end, language),
        })
      : t('outsideHours.dayOff', { day });
  }
  return (
    <div aria-live="polite">
      {outside && (
        <div className={styles.warning}>
          <p id={`${id}-text`}>
            {text} {t('outsideHours.allowed')}
          </p>
          <div className={styles.check}>
            <input
              type="checkbox"
              id={id}
              checked={isConfirmed}
              {...describedControl({ describedBy: [`${id}-text`], messageOf: id, error })}
              onChange={(event) => onConfirmedChange(event.target.checked)}
            />
            <label htmlFor={id}>{t('outsideHours.confirm')}</label>
          </div>
          <FieldMessage id={id} error={error} />
        </div>
      )}
    </div>
  );
}
