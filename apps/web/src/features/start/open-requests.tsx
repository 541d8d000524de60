import { Link } from 'react-router';
import { formatNumber } from '../../i18n/format.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { PANEL_ITEMS_MAX } from './start-day.ts';
import { PanelStatus, StartPanel } from './start-panel.tsx';
import styles from './start.module.css';

/** A request from online booking as the panel shows it; its kind already in words. */
export interface OpenRequest {
  id: string;
  patientId: string;
  patientName: string;
  /** UTC instants. */
  start: string;
  end: string;
  kind: string;
  reason: string;
  /** When it is cancelled unless confirmed (UTC). */
  expiresAt: string | null;
  /** The agenda's address of its day, where it is confirmed or declined. */
  agendaPath: string;
}

/**
 * 'Requests to confirm', the start page's first panel while any request from online booking
 * waits: who, when, how, why and until when, soonest first, each with the way to its day in the
 * agenda, where it is confirmed or declined. Nothing while there is none.
 */
export function OpenRequests({
  timeZone,
  requests,
  total = requests?.length ?? 0,
  hasFailed,
  onRetry,
}: {
  timeZone: string | undefined;
  /** Undefined while loading. */
  requests: readonly OpenRequest[] | undefined;
  total?: number;
  hasFailed: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('start');
  if (!hasFailed && (!requests || requests.length === 0)) return null;
  let body;
  if (hasFailed || !timeZone || !requests) {
    body = (
      <PanelStatus
        hasFailed={hasFailed}
        loading={t('requests.loading')}
        loadFailed={t('requests.loadFailed')}
        onRetry={onRetry}
      />
    );
  } else {
    const when = dateTimeFormat(i18n.language, {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    });
    const times = dateTimeFormat(i18n.language, { timeZone, timeStyle: 'short' });
    body = (
      <ul className={styles.list}>
        {requests.slice(0, PANEL_ITEMS_MAX).map((request) => (
          <li key={request.id} className={`${styles.item} ${styles.request}`}>
            <time className={styles.time} dateTime={request.start}>
              {when.format(new Date(request.start))}–{times.format(new Date(request.end))}
            </time>
            <Link to={chartPath(request.patientId)} className={styles.name}>
              <bdi dir="auto">{request.patientName}</bdi>
            </Link>
            <span className={styles.meta}>{request.kind}</span>
            {request.reason && (
              <span className={styles.reason}>
                <bdi dir="auto">{request.reason}</bdi>
              </span>
            )}
            {request.expiresAt && (
              <span className={styles.status}>
                {t('requests.waitsUntil', { when: when.format(new Date(request.expiresAt)) })}
              </span>
            )}
            <Link to={request.agendaPath} className={styles.answer}>
              {t('requests.answer')}
              <span className="visually-hidden">
                {', '}
                <bdi>{request.patientName}</bdi>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <StartPanel
      id="start-requests"
      title={t('requests.title')}
      count={requests && total > 0 ? formatNumber(total, i18n.language) : undefined}
    >
      {body}
    </StartPanel>
  );
}
