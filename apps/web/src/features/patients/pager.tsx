import { useTranslation } from '../../i18n/use-translation.ts';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { PAGE_SIZE } from './patients-api.ts';
import type { CursorPager } from './use-cursor-pager.ts';
import styles from './patients.module.css';

/**
 * Previous / next over cursor pages, with a line saying where the reader is ("1–50 of 120",
 * from `rangeKey`; left out while the total is unknown or the page is empty). When a later
 * page has failed to load, only the way back stays: no range (it would be the last page's) and
 * no next page.
 */
export function Pager({
  label,
  rangeKey,
  pager,
  count,
  total,
  nextCursor,
  hasFailed,
  isBusy,
}: {
  label: string;
  rangeKey: string;
  pager: CursorPager;
  /** How many rows the current page shows. */
  count: number;
  total: number | null;
  nextCursor?: string;
  /** The current page could not be loaded (its alert is shown above). */
  hasFailed: boolean;
  isBusy: boolean;
}) {
  const { t } = useTranslation('records');
  const hasPrevious = pager.pageIndex > 0;
  const first = pager.pageIndex * PAGE_SIZE;
  const next = hasFailed ? undefined : nextCursor;
  const summary =
    hasFailed || total === null || count === 0
      ? undefined
      : t(rangeKey, {
          from: formatNumber(first + 1),
          to: formatNumber(first + count),
          total: formatNumber(total),
        });
  if (!hasPrevious && !next && !summary) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      {summary && (
        <p className={styles.pagerSummary} aria-live="polite">
          {summary}
        </p>
      )}
      {(hasPrevious || next) && (
        <div className={styles.pagerButtons}>
          {/* aria-disabled, not disabled: a focused button must keep focus while a page loads. */}
          <Button
            variant="secondary"
            aria-disabled={!hasPrevious || isBusy}
            onClick={() => hasPrevious && !isBusy && pager.goPrevious()}
          >
            {t('list.previous')}
          </Button>
          <Button
            variant="secondary"
            aria-disabled={!next || isBusy}
            onClick={() => next && !isBusy && pager.goNext(next)}
          >
            {t('list.next')}
          </Button>
        </div>
      )}
    </nav>
  );
}
