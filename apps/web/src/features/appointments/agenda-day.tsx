import type { CSSProperties } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TAppointment } from '@portal/shared/appointment';
import { minutesOfTime, toWallTime, weekdayOf } from '@portal/shared/zoned-time';
import { DAY_MINUTES, offsetIn, placeDay, type Span } from './agenda-grid-geometry.ts';
import type { StatusAction } from './appointment-actions.ts';
import { AppointmentItem } from './appointment-item.tsx';
import { formatDay } from './appointment-text.ts';
import type { Schedule } from './appointments-api.ts';
import { outsideWorkingHours } from './working-hours.ts';
import styles from './appointments.module.css';

export interface AgendaHandlers {
  onStatus: (appointment: TAppointment, status: StatusAction) => void;
  onCancel: (appointment: TAppointment) => void;
  onRescheduled: (appointment: TAppointment) => void;
  /** A request from online booking: confirm it, or decline it with an optional message. */
  onConfirm: (appointment: TAppointment) => void;
  onDecline: (appointment: TAppointment, message: string) => void;
}

/** An appointment's minutes on its day, on the practitioner's clock; a late one ends at midnight. */
export function spanOf(appointment: TAppointment, timeZone: string): Span {
  const start = minutesOfTime(toWallTime(appointment.start, timeZone).time);
  return { start, end: Math.min(start + appointment.duration, DAY_MINUTES) };
}

/** A day's working hours in minutes, or null on a day off. */
export function workingSpanOf(date: string, schedule: Schedule): Span | null {
  const hours = schedule.workingHours[weekdayOf(date)];
  return hours ? { start: minutesOfTime(hours.start), end: minutesOfTime(hours.end) } : null;
}

const cssVars = (vars: Record<string, number>) => vars as CSSProperties;

/**
 * One day of the agenda: an ordered list, earliest first (a screen reader says "list, 3
 * items"), so Tab meets the appointments in time order. On a wide screen it is a column of the
 * time grid, each appointment placed by its minutes; the working hours' shade and the now-line
 * are drawn for the eye only. In the week view each day has its own heading to jump between.
 */
export function AgendaDay({
  date,
  isToday,
  hasHeading,
  appointments,
  schedule,
  shown,
  nowMinutes,
  isLateInWeek,
  focus,
  busyId,
  handlers,
}: {
  date: string;
  isToday: boolean;
  hasHeading: boolean;
  appointments: TAppointment[];
  schedule: Schedule;
  /** The hours the grid shows, the same for every day of it. */
  shown: Span;
  /** Now on the practitioner's clock, for today's column only. */
  nowMinutes: number | undefined;
  isLateInWeek: boolean;
  focus: { id: string; request: number };
  busyId: string | null;
  handlers: AgendaHandlers;
}) {
  const { t, i18n } = useTranslation('appointments');
  const titleId = `agenda-day-${date}`;
  const { timeZone, workingHours } = schedule;
  const working = workingSpanOf(date, schedule);
  const placed = placeDay(
    appointments.map((appointment) => ({ item: appointment, ...spanOf(appointment, timeZone) })),
    shown,
  );
  const isNowShown =
    nowMinutes !== undefined && nowMinutes >= shown.start && nowMinutes < shown.end;

  const column = (
    <div className={styles.column} style={cssVars({ '--span': shown.end - shown.start })}>
      {working && (
        <div
          className={styles.working}
          aria-hidden="true"
          style={cssVars({
            '--top': offsetIn(working, shown).top,
            '--height': offsetIn(working, shown).height,
          })}
        />
      )}
      {isNowShown && (
        <div
          className={styles.now}
          aria-hidden="true"
          data-testid="now-line"
          style={cssVars({ '--top': nowMinutes - shown.start })}
        />
      )}
      {appointments.length === 0 ? (
        <p className={styles.muted}>{t('agenda.empty')}</p>
      ) : (
        <ol className={styles.items} aria-labelledby={hasHeading ? titleId : undefined}>
          {placed.map(({ item: appointment, ...place }) => (
            <AppointmentItem
              key={appointment._id}
              appointment={appointment}
              schedule={schedule}
              place={place}
              isOutsideHours={
                outsideWorkingHours({
                  date,
                  time: toWallTime(appointment.start, timeZone).time,
                  duration: appointment.duration,
                  workingHours,
                }) !== undefined
              }
              opensToStart={isLateInWeek}
              focusRequest={focus.id === appointment._id ? focus.request : 0}
              isBusy={busyId === appointment._id}
              {...handlers}
            />
          ))}
        </ol>
      )}
    </div>
  );
  if (!hasHeading) return <div className={styles.day}>{column}</div>;
  return (
    <section className={styles.day} aria-labelledby={titleId}>
      <h3 id={titleId} className={`${styles.dayTitle} ${isToday ? styles.today : ''}`}>
        {formatDay(date, i18n.language)}
        {isToday && ` · ${t('agenda.today')}`}
      </h3>
      {column}
    </section>
  );
}
