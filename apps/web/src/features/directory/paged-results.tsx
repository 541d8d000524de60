import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { Button } from '../../ui/button.tsx';
import type { ListPage } from './directory-api.ts';
import { ListFailure } from './list-failure.tsx';
import { useMorePages } from './use-more-pages.ts';
import styles from './directory.module.css';

/** One page of a directory search as its RTK Query hook answers it. */
interface PageRead<Item> {
  data?: ListPage<Item>;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** What a directory search's results differ by: its pages, its words and how an item shows. */
export interface PagedResultsProps<Filters, Item> {
  filters: Filters & { cursor?: string };
  usePage: (args: Filters & { cursor?: string }) => PageRead<Item>;
  /** The id of the count's heading, which names the list. */
  headingId: string;
  texts: { loading: string; empty: string; count: (total: number) => string; more: string };
  keyOf: (item: Item) => string;
  /** `focus`: the first item of a page added by "More results" takes focus once. */
  renderItem: (item: Item, focus: { shouldFocus: boolean; onFocused: () => void }) => ReactNode;
}

/**
 * A keyset-paged directory search: loading, a failure with Try again, the empty sentence, or the
 * count as a heading (announced) over the pages one under the other, the last offering the next.
 */
export function PagedResults<Filters, Item>(props: PagedResultsProps<Filters, Item>) {
  const { filters, usePage, headingId, texts } = props;
  const { cursors, addPage } = useMorePages();
  const first = usePage(filters);
  const total = first.data?.total;
  const heard = total === undefined ? undefined : total === 0 ? texts.empty : texts.count(total);
  useEffect(() => {
    if (heard !== undefined) announce(heard);
  }, [heard]);

  if (first.isError)
    return <ListFailure error={first.error} onRetry={() => void first.refetch()} />;
  if (!first.data) return <p role="status">{texts.loading}</p>;
  if (first.data.total === 0) return <p className={styles.empty}>{texts.empty}</p>;
  return (
    <section className={styles.results} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.count}>
        {texts.count(first.data.total)}
      </h2>
      <ul className={styles.cards}>
        {cursors.map((cursor, index) => (
          <ResultPage
            key={cursor ?? 'first'}
            {...props}
            cursor={cursor}
            isLast={index === cursors.length - 1}
            onMore={addPage}
          />
        ))}
      </ul>
    </section>
  );
}

/** One page of items; the last one shown offers the next. */
function ResultPage<Filters, Item>({
  filters,
  usePage,
  texts,
  keyOf,
  renderItem,
  cursor,
  isLast,
  onMore,
}: PagedResultsProps<Filters, Item> & {
  cursor?: string;
  isLast: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('directory');
  const page = usePage({ ...filters, ...(cursor && { cursor }) });
  const [isFirstFocused, setIsFirstFocused] = useState(false);
  if (page.isError)
    return (
      <li className={styles.pageState}>
        <ListFailure error={page.error} onRetry={() => void page.refetch()} />
      </li>
    );
  if (!page.data)
    return (
      <li className={styles.pageState} role="status">
        {t('search.loadingMore')}
      </li>
    );
  const { nextCursor } = page.data;
  return (
    <>
      {page.data.items.map((item, index) => (
        <li key={keyOf(item)}>
          {renderItem(item, {
            shouldFocus: cursor !== undefined && index === 0 && !isFirstFocused,
            onFocused: () => setIsFirstFocused(true),
          })}
        </li>
      ))}
      {isLast && nextCursor && (
        <li className={styles.pageState}>
          <Button variant="secondary" onClick={() => onMore(nextCursor)}>
            {texts.more}
          </Button>
        </li>
      )}
    </>
  );
}
