import type { CSSProperties } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TAppointment } from '@portal/shared/appointment';
import { minutesOfTime, toWallTime } from '@portal/shared/zoned-time';
import { hoursShown, type Span } from './agenda-grid-geometry.ts';
import { AgendaDay, spanOf, workingSpanOf, type AgendaHandlers } from './agenda-day.tsx';
import { formatClock } from './appointment-text.ts';
import type { Schedule } from './appointments-api.ts';
import styles from './appointments.module.css';

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The shown days side by side with the hours down the side (on a narrow screen, the days one
 * under the other as short lists). Every day shows the same hours: the working hours of the days
 * shown and every appointment in them. In Arabic the columns run right to left by themselves
 * (CSS grid follows the page's direction).
 */
export function AgendaGrid({
  days,
  today,
  byDay,
  schedule,
  hasHeadings,
  focus,
  busyId,
  handlers,
}: {
  days: string[];
  today: string;
  byDay: Map<string, TAppointment[]>;
  schedule: Schedule;
  hasHeadings: boolean;
  focus: { id: string; request: number };
  busyId: string | null;
  handlers: AgendaHandlers;
}) {
  const { i18n } = useTranslation('appointments');
  const { timeZone } = schedule;
  const spans: Span[] = [];
  for (const day of days) {
    const working = workingSpanOf(day, schedule);
    if (working) spans.push(working);
    for (const appointment of byDay.get(day) ?? []) spans.push(spanOf(appointment, timeZone));
  }
  const shown = hoursShown(spans);
  const now = toWallTime(new Date(), timeZone);
  const hours = Array.from(
    { length: (shown.end - shown.start) / 60 },
    (_, i) => shown.start / 60 + i,
  );

  return (
    <div
      className={styles.grid}
      style={{ '--days': days.length, '--span': shown.end - shown.start } as CSSProperties}
    >
      <div className={styles.ruler} aria-hidden="true">
        {hours.map((hour) => (
          <span key={hour} style={{ '--top': hour * 60 - shown.start } as CSSProperties}>
            <bdi>{formatClock(hh(hour), i18n.language)}</bdi>
          </span>
        ))}
      </div>
      {days.map((day, index) => (
        <AgendaDay
          key={day}
          date={day}
          isToday={day === today}
          hasHeading={hasHeadings}
          appointments={byDay.get(day) ?? []}
          schedule={schedule}
          shown={shown}
          nowMinutes={day === now.date ? minutesOfTime(now.time) : undefined}
          isLateInWeek={days.length > 1 && index >= days.length / 2}
          focus={focus}
          busyId={busyId}
          handlers={handlers}
        />
      ))}
    </div>
  );
}
