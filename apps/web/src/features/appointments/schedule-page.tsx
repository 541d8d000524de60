import type { ComponentType } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDeferredFirstValue } from '../../lib/hooks/use-deferred-first-value.ts';
import { Button } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';
import { useGetScheduleQuery, type Schedule } from './appointments-api.ts';
import styles from './appointments.module.css';

/**
 * While what the page shows depends on loads (the schedule, the agenda): the status, then the
 * failure with a retry. `texts` names the keys: `<texts>.loading`, `<texts>.loadFailed`.
 */
export function LoadStatus({
  texts,
  isError,
  onRetry,
}: {
  texts: 'schedule' | 'agenda';
  isError: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('appointments');
  if (!isError) return <p role="status">{t(`${texts}.loading`)}</p>;
  return (
    <div role="alert" className={styles.alert}>
      <p>{t(`${texts}.loadFailed`)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/**
 * A page of the practitioner's appointments: its card and heading, then its `content` once the
 * practitioner's time zone and hours are in (every time shown depends on them).
 */
export function SchedulePage({
  title,
  content: Content,
}: {
  title: string;
  content: ComponentType<{ schedule: Schedule }>;
}) {
  const schedule = useGetScheduleQuery();
  const data = useDeferredFirstValue(schedule.data);
  return (
    <div className={`${pageStyles.card} ${styles.page}`}>
      <h1>{title}</h1>
      {data ? (
        <Content schedule={data} />
      ) : (
        <LoadStatus
          texts="schedule"
          isError={schedule.isError}
          onRetry={() => void schedule.refetch()}
        />
      )}
    </div>
  );
}
