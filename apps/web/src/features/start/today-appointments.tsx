import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { PANEL_ITEMS_MAX } from './start-day.ts';
import { PanelStatus, StartPanel } from './start-panel.tsx';
import styles from './start.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/** One of today's appointments as the panel shows it; kind and status already in words. */
export interface DayAppointment {
  id: string;
  patientId: string;
  patientName: string;
  /** UTC instants. */
  start: string;
  end: string;
  kind: string;
  status: string;
}

const AGENDA_PATH = '/appointments';

/**
 * Today's appointments on the practitioner's clock, earliest first: time, the patient (a link to
 * the chart), kind and status. A long day lists its first few and links to the agenda for all.
 */
export function TodayAppointments({
  timeZone,
  appointments,
  total = appointments?.length ?? 0,
  hasFailed,
  onRetry,
}: {
  /** The practitioner's time zone; undefined until the profile has answered. */
  timeZone: string | undefined;
  /** Undefined while loading. */
  appointments: readonly DayAppointment[] | undefined;
  /** How many the day holds, when more than one answer lists. */
  total?: number;
  hasFailed: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('start');
  let body;
  if (hasFailed || !timeZone || !appointments) {
    body = (
      <PanelStatus
        hasFailed={hasFailed}
        loading={t('appointments.loading')}
        loadFailed={t('appointments.loadFailed')}
        onRetry={onRetry}
      />
    );
  } else if (appointments.length === 0) {
    body = <p className={styles.muted}>{t('appointments.empty')}</p>;
  } else {
    const times = dateTimeFormat(i18n.language, { timeZone, timeStyle: 'short' });
    const shown = appointments
      .toSorted((a, b) => a.start.localeCompare(b.start))
      .slice(0, PANEL_ITEMS_MAX);
    body = (
      <ul className={styles.list}>
        {shown.map((appointment) => (
          <li key={appointment.id} className={styles.item}>
            <time className={styles.time} dateTime={appointment.start}>
              {times.formatRange(new Date(appointment.start), new Date(appointment.end))}
            </time>
            <Link to={chartPath(appointment.patientId)} className={styles.name}>
              <bdi dir="auto">{appointment.patientName}</bdi>
            </Link>
            <span className={styles.meta}>{appointment.kind}</span>
            <span className={styles.status}>{appointment.status}</span>
          </li>
        ))}
      </ul>
    );
  }
  const isLong = appointments !== undefined && total > PANEL_ITEMS_MAX;
  return (
    <StartPanel id="start-appointments" title={t('appointments.title')}>
      {body}
      <p className={styles.more}>
        <Link to={AGENDA_PATH}>
          {isLong ? t('appointments.all', { count: total }) : t('appointments.agenda')}
        </Link>
      </p>
    </StartPanel>
  );
}
