import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

import pageStyles from '../../ui/page.module.css';
import { SectionListState } from '../../ui/section-list-state.tsx';

import styles from './my-health.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

export type Query<Answer> = { currentData?: Answer; isError: boolean; isFetching: boolean };

/** One section of the record: a card with its heading, then its list's state or its items. */
export function RecordSection<Item>({
  name,
  query,
  actions,
  children,
}: {
  name:
    | 'appointments'
    | 'visits'
    | 'prescriptions'
    | 'allergies'
    | 'immunizations'
    | 'carePlans'
    | 'accessLog';
  query: Query<readonly Item[]>;
  /** What the reader can do with the whole section, below its items. */
  actions?: ReactNode;
  children: (items: readonly Item[]) => ReactNode;
}) {
  const { t } = useTranslation('myHealth');
  const id = useId();
  return (
    <section className={`${pageStyles.card} ${styles.section}`} aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {t(`${name}.title`)}
      </h2>
      <SectionListState
        hasFailed={query.isError && !query.isFetching}
        items={query.currentData}
        styles={styles}
        texts={{
          loadFailed: t('page.sectionFailed'),
          loading: t('page.loading'),
          empty: t(`${name}.none`),
        }}
      >
        {children}
      </SectionListState>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}

export function useDateTime() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return {
    dateTime: (iso: string) => format.format(Date.parse(iso)),
    date: (iso: string) => day.format(Date.parse(iso)),
  };
}

/** A section's items as its list: one entry per item, keyed by its id. */
export function ItemList<Item extends { _id: string }>({
  items,
  children,
}: {
  items: readonly Item[];
  children: (item: Item) => ReactNode;
}) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item._id} className={styles.item}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
