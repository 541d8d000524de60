import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import styles from './appointments.module.css';

/** While the practitioner's time zone and hours load (every time shown depends on them). */
export function ScheduleStatus({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation('appointments');
  if (!isError) return <p role="status">{t('schedule.loading')}</p>;
  return (
    <div role="alert" className={styles.alert}>
      <p>{t('schedule.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
