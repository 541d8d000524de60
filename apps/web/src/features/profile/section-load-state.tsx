import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import styles from './profile.module.css';

/**
 * A profile section's view until its data has come: the failure with Retry once the query has
 * failed, else the loading line. The texts are the namespace's `loadFailed`, `retry` and `loading`.
 */
export function SectionLoadState({
  namespace,
  query,
}: {
  namespace: string;
  query: { isError: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation(namespace);
  if (query.isError)
    return (
      <div role="alert" className={styles.loadFailed}>
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  return (
    <p role="status" className={styles.loading}>
      {t('loading')}
    </p>
  );
}
