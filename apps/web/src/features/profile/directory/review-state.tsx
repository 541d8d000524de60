import type { TReviewStatus } from '@portal/shared/directory';
import { useTranslation } from '../../../i18n/use-translation.ts';
import styles from './directory.module.css';

/**
 * Where a listing's or a facility's review stands, in words (a pill, never colour alone), and a
 * rejection's reason as the reviewer wrote it.
 */
export function ReviewState({ status, reason }: { status: TReviewStatus; reason: string | null }) {
  const { t } = useTranslation('listing');
  return (
    <>
      <p className={styles.stateLine}>
        <span>{t('review.label')}</span>
        <span className={`${styles.state} ${styles[status]}`}>{t(`review.${status}`)}</span>
        <span className={styles.muted}>{t(`review.explain.${status}`)}</span>
      </p>
      {status === 'rejected' && reason && (
        <p className={styles.reason}>
          <strong>{t('review.reason')}</strong> <span dir="auto">{reason}</span>
        </p>
      )}
    </>
  );
}
