import { useId, type Ref } from 'react';
import type { TDirectorySlots } from '@portal/shared/directory-public';
import { addDays } from '@portal/shared/zoned-time';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { dayName } from './directory-text.ts';
import { ListFailure } from './list-failure.tsx';
import styles from './directory.module.css';

/** Days a week of free times shows, and how far one press of Previous or Next moves. */
export const WEEK_DAYS = 7;

/** A zone's name as people read it: "America/New_York" → "America/New York". */
const zoneName = (timeZone: string) => timeZone.replace(/_/g, ' ');

/**
 * A week of a doctor's free times, day by day in the doctor's time zone (said above the days),
 * with the previous and next weeks. Each time is a button that starts booking it; the one being
 * booked is pressed.
 */
export function WeekSlots({
  slots,
  isFetching,
  error,
  onRetry,
  firstDay,
  onWeek,
  chosen,
  onChoose,
  headingRef,
}: {
  slots?: TDirectorySlots;
  isFetching: boolean;
  error?: unknown;
  onRetry: () => void;
  /** The first day that can be shown (today in the doctor's zone), once known. */
  firstDay?: string;
  onWeek: (from: string) => void;
  chosen?: string;
  onChoose: (start: string) => void;
  /** The heading, for the page to move focus back to the times. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation('directory');
  const id = useId();
  const from = slots?.days[0]?.date;
  const to = slots?.days.at(-1)?.date;
  const count = slots?.days.reduce((sum, day) => sum + day.slots.length, 0) ?? 0;
  return (
    <section
      className={styles.week}
      aria-labelledby={`${id}-title`}
      aria-busy={isFetching || undefined}
    >
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {t('doctor.times')}
      </h2>
      {slots && (
        <p className={styles.zone}>{t('doctor.timeZone', { zone: zoneName(slots.timeZone) })}</p>
      )}
      {from && to && (
        <div className={styles.weekBar}>
          <Button
            variant="secondary"
            aria-disabled={!firstDay || from <= firstDay || undefined}
            onClick={() => {
              if (firstDay && from > firstDay) {
                const previous = addDays(from, -WEEK_DAYS);
                onWeek(previous < firstDay ? firstDay : previous);
              }
            }}
          >
            {t('doctor.previousWeek')}
          </Button>
          <p className={styles.weekName} aria-live="polite">
            {t('doctor.week', {
              from: dayName(from, i18n.language, 'short'),
              to: dayName(to, i18n.language, 'short'),
            })}{' '}
            <span className={styles.muted}>({t('doctor.slotCount', { count })})</span>
          </p>
          <Button variant="secondary" onClick={() => onWeek(addDays(from, WEEK_DAYS))}>
            {t('doctor.nextWeek')}
          </Button>
        </div>
      )}
      {error ? (
        <ListFailure error={error} onRetry={onRetry} />
      ) : !slots ? (
        <p role="status">{t('doctor.slotsLoading')}</p>
      ) : (
        <ol className={styles.days}>
          {slots.days.map((day) => {
            const dayId = `${id}-${day.date}`;
            return (
              <li key={day.date} className={styles.day}>
                <h3 id={dayId} className={styles.dayName}>
                  {dayName(day.date, i18n.language)}
                </h3>
                {day.slots.length === 0 ? (
                  <p className={styles.muted}>{t('doctor.noTimes')}</p>
                ) : (
                  <ul className={styles.dayTimes} aria-labelledby={dayId}>
                    {day.slots.map((slot) => (
                      <li key={slot.start}>
                        <button
                          type="button"
                          className={styles.time}
                          aria-pressed={slot.start === chosen}
                          onClick={() => onChoose(slot.start)}
                        >
                          {slot.localTime}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
