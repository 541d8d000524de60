import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@portal/shared/appointment';
import type { StatusAction } from './appointment-actions.ts';
import { AppointmentItem } from './appointment-item.tsx';
import { formatDay } from './appointment-text.ts';
import type { Schedule } from './appointments-api.ts';
import styles from './appointments.module.css';

export interface AgendaHandlers {
  onStatus: (appointment: TAppointment, status: StatusAction) => void;
  onCancel: (appointment: TAppointment) => void;
  onRescheduled: (appointment: TAppointment) => void;
}

/**
 * One day of the agenda: an ordered list, earliest first (a screen reader says "list, 3
 * items"). In the week view each day has its own heading, so the days can be jumped between.
 */
export function AgendaDay({
  date,
  isToday,
  hasHeading,
  appointments,
  schedule,
  focus,
  busyId,
  handlers,
}: {
  date: string;
  isToday: boolean;
  hasHeading: boolean;
  appointments: TAppointment[];
  schedule: Schedule;
  focus: { id: string; request: number };
  busyId: string | null;
  handlers: AgendaHandlers;
}) {
  const { t, i18n } = useTranslation('appointments');
  const titleId = `agenda-day-${date}`;
  const list =
    appointments.length === 0 ? (
      <p className={styles.muted}>{t('agenda.empty')}</p>
    ) : (
      <ol className={styles.items} aria-labelledby={hasHeading ? titleId : undefined}>
        {appointments.map((appointment) => (
          <AppointmentItem
            key={appointment._id}
            appointment={appointment}
            schedule={schedule}
            focusRequest={focus.id === appointment._id ? focus.request : 0}
            isBusy={busyId === appointment._id}
            {...handlers}
          />
        ))}
      </ol>
    );
  if (!hasHeading) return list;
  return (
    <section className={styles.day} aria-labelledby={titleId}>
      <h3 id={titleId} className={`${styles.dayTitle} ${isToday ? styles.today : ''}`}>
        {formatDay(date, i18n.language)}
        {isToday && ` · ${t('agenda.today')}`}
      </h3>
      {list}
    </section>
  );
}
