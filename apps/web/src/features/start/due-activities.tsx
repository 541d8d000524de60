import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { TToday } from '@portal/shared/care-plan';
import { formatDay } from '../../i18n/format.ts';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { PANEL_ITEMS_MAX } from './start-day.ts';
import { PanelStatus, StartPanel } from './start-panel.tsx';
import styles from './start.module.css';

const TODAY_PATH = '/today';

/**
 * The care-plan activities due today or overdue (members only), oldest first as the API lists
 * them: the activity, and its patient linking to the plan in the chart. Marking them is on the
 * Today page, which the panel links to. A non-member gets one line offering Premier instead.
 */
export function DueActivities({
  isMember,
  today,
  hasFailed,
  onRetry,
}: {
  /** False also when the API said the membership has ended. */
  isMember: boolean;
  /** Undefined while loading. */
  today: TToday | undefined;
  hasFailed: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('start');
  if (!isMember)
    return (
      <StartPanel id="start-activities" title={t('activities.title')}>
        <p className={styles.muted}>
          {t('activities.membersOnly')} <Link to="/premier">{t('activities.premier')}</Link>
        </p>
      </StartPanel>
    );
  let body;
  if (hasFailed || !today) {
    body = (
      <PanelStatus
        hasFailed={hasFailed}
        loading={t('activities.loading')}
        loadFailed={t('activities.loadFailed')}
        onRetry={onRetry}
      />
    );
  } else if (today.items.length === 0) {
    body = <p className={styles.muted}>{t('activities.empty')}</p>;
  } else {
    body = (
      <ul className={styles.list}>
        {today.items.slice(0, PANEL_ITEMS_MAX).map((item) => (
          <li key={`${item.carePlanId}/${item.activityId}/${item.date}`} className={styles.item}>
            <span className={styles.name}>
              <bdi dir="auto">{item.activityTitle}</bdi>
            </span>
            <Link to={chartPath(item.patientId, { anchor: `care-plan-${item.carePlanId}` })}>
              <bdi dir="auto">{item.patientName}</bdi>
            </Link>
            <span className={item.state === 'overdue' ? styles.overdue : styles.status}>
              {item.state === 'overdue'
                ? t('activities.overdue', { date: formatDay(item.date, i18n.language) })
                : t('activities.due')}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  const count = today && !hasFailed ? today.items.length : 0;
  return (
    <StartPanel id="start-activities" title={t('activities.title')}>
      {body}
      <p className={styles.more}>
        <Link to={TODAY_PATH}>
          {count > PANEL_ITEMS_MAX || today?.isTruncated
            ? t('activities.all', { count })
            : t('activities.todayList')}
        </Link>
      </p>
    </StartPanel>
  );
}
