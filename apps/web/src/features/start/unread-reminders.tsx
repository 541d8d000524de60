import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { TReminder, TReminderList } from '@portal/shared/reminder';
import { formatNumber } from '../../i18n/format.ts';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { PANEL_ITEMS_MAX } from './start-day.ts';
import { PanelStatus, StartPanel } from './start-panel.tsx';
import styles from './start.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/** Where a reminder leads in the patient's chart: the appointments, or the care plans. */
const placeOf = (reminder: TReminder) =>
  chartPath(reminder.patientId, {
    section: reminder.source === 'appointment' ? 'appointments' : 'care-plans',
  });

/** A date inside a sentence of another direction keeps its own order (Unicode FSI…PDI). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** When an appointment starts, or the day an activity is due (it has no time), on its clock. */
const whenOf = (reminder: TReminder, language: string) =>
  dateTimeFormat(language, {
    timeZone: reminder.timeZone,
    dateStyle: 'medium',
    ...(reminder.source === 'appointment' && { timeStyle: 'short' }),
  }).format(new Date(reminder.eventAt));

/**
 * The unread reminders the header's bell holds (members only), newest first, each linking to
 * its place in the patient's chart, and how many are unread in all. Reading them stays the
 * bell's job, so the two never disagree about what is read.
 */
export function UnreadReminders({
  list,
  hasFailed,
  onRetry,
}: {
  /** Undefined while loading. */
  list: TReminderList | undefined;
  hasFailed: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('start');
  let body;
  if (hasFailed || !list) {
    body = (
      <PanelStatus
        hasFailed={hasFailed}
        loading={t('reminders.loading')}
        loadFailed={t('reminders.loadFailed')}
        onRetry={onRetry}
      />
    );
  } else {
    const unread = list.reminders.filter((reminder) => reminder.readAt === null);
    const shown = unread.slice(0, PANEL_ITEMS_MAX);
    const rest = list.unreadCount - shown.length;
    body =
      shown.length === 0 ? (
        <p className={styles.muted}>{t('reminders.empty')}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {shown.map((reminder) => (
              <li key={reminder._id} className={styles.item}>
                <Link to={placeOf(reminder)} className={styles.name}>
                  <bdi dir="auto">{reminder.patientName}</bdi>
                </Link>
                <span className={styles.meta}>
                  {t(
                    reminder.source === 'appointment'
                      ? 'reminders.appointment'
                      : 'reminders.activity',
                    {
                      when: isolated(whenOf(reminder, i18n.language)),
                    },
                  )}
                </span>
              </li>
            ))}
          </ul>
          {rest > 0 && <p className={styles.more}>{t('reminders.more', { count: rest })}</p>}
        </>
      );
  }
  return (
    <StartPanel
      id="start-reminders"
      title={t('reminders.title')}
      count={list && !hasFailed ? formatNumber(list.unreadCount, i18n.language) : undefined}
    >
      {body}
    </StartPanel>
  );
}
