import type { ReactNode } from 'react';
import styles from './patients.module.css';

/**
 * A list of the patients page until it has rows to show: the failure (an alert, once the last try is over),
 * the loading status, or the empty text. `children` renders the rows.
 */
export function ListState<Item>({
  hasFailed,
  items,
  failedText,
  loadingText,
  emptyText,
  children,
}: {
  hasFailed: boolean;
  /** The page's rows; undefined while the first page loads. */
  items: readonly Item[] | undefined;
  failedText: string;
  loadingText: string;
  emptyText: string;
  children: (items: readonly Item[]) => ReactNode;
}) {
  if (hasFailed) {
    return (
      <p role="alert" className={styles.alert}>
        {failedText}
      </p>
    );
  }
  if (items === undefined) return <p role="status">{loadingText}</p>;
  if (items.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return children(items);
}
