import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import styles from './records.module.css';

/** Previous / next over cursor pages, with a line saying where the reader is. */
export function Pager({
  label,
  summary,
  hasPrevious,
  nextCursor,
  isBusy,
  onPrevious,
  onNext,
}: {
  label: string;
  summary?: string;
  hasPrevious: boolean;
  nextCursor?: string;
  isBusy: boolean;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  const { t } = useTranslation('records');
  if (!hasPrevious && !nextCursor && !summary) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      {summary && (
        <p className={styles.pagerSummary} aria-live="polite">
          {summary}
        </p>
      )}
      {(hasPrevious || nextCursor) && (
        <div className={styles.pagerButtons}>
          {/* aria-disabled, not disabled: a focused button must keep focus while a page loads. */}
          <Button
            variant="secondary"
            aria-disabled={!hasPrevious || isBusy}
            onClick={() => hasPrevious && !isBusy && onPrevious()}
          >
            {t('list.previous')}
          </Button>
          <Button
            variant="secondary"
            aria-disabled={!nextCursor || isBusy}
            onClick={() => nextCursor && !isBusy && onNext(nextCursor)}
          >
            {t('list.next')}
          </Button>
        </div>
      )}
    </nav>
  );
}
