import type { ReactNode } from 'react';
import section from './section.module.css';

/** What a list's state shows besides its items: its texts, their styles, the items' markup. */
interface ListStateProps<Item> {
  texts: { loadFailed: string; loading: string; empty: string };
  styles?: { readonly [name: string]: string };
  children: (items: readonly Item[]) => ReactNode;
}

/**
 * A list in a patient's section (appointments, visits, vital signs, the
 * patient-owned kinds, the timeline) until it has items to show: the refusal once the last try is over, the loading line,
 * or the empty text. `children` renders the items. The texts take `.error` and `.muted` from
 * `styles`: section.module.css's unless the feature styles them itself.
 */
export function SectionListState<Item>({
  hasFailed,
  items,
  texts,
  styles = section,
  children,
}: {
  hasFailed: boolean;
  /** Undefined while the list loads. */
  items: readonly Item[] | undefined;
} & ListStateProps<Item>) {
  if (hasFailed) return <p className={styles.error}>{texts.loadFailed}</p>;
  if (items === undefined) return <p className={styles.muted}>{texts.loading}</p>;
  if (items.length === 0) return <p className={styles.muted}>{texts.empty}</p>;
  return children(items);
}

/**
 * The state of a list that is a query's answer as it stands (`currentData`, the care plans and the
 * clinical sections): refused once the query has failed and is not trying again.
 */
export function QueryListState<Item>({
  query,
  ...list
}: {
  query: { currentData?: readonly Item[]; isError: boolean; isFetching: boolean };
} & ListStateProps<Item>) {
  return (
    <SectionListState
      hasFailed={query.isError && !query.isFetching}
      items={query.currentData}
      {...list}
    />
  );
}
