import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import styles from './start.module.css';

/**
 * The start page's panels, side by side where there is room and stacked on a phone, in the
 * order given: the first one's first item is what a practitioner looks for.
 */
export function StartPanels({ children }: { children: ReactNode }) {
  return <div className={styles.panels}>{children}</div>;
}

/** One panel: its heading (h2, under the page's h1), an optional count beside it, its body. */
export function StartPanel({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  /** Shown in the heading, so it is read with it. */
  count?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
        {count !== undefined && (
          <>
            {' '}
            <span className={styles.count}>{count}</span>
          </>
        )}
      </h2>
      {children}
    </section>
  );
}

/**
 * A panel's body while it has nothing to list yet: loading, or the failure with a retry. Each
 * panel says its own, so a failed one leaves the others standing.
 */
export function PanelStatus({
  hasFailed,
  loading,
  loadFailed,
  onRetry,
}: {
  hasFailed: boolean;
  loading: string;
  loadFailed: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('start');
  if (!hasFailed)
    return (
      <p role="status" className={styles.muted}>
        {loading}
      </p>
    );
  return (
    <div role="alert" className={styles.alert}>
      <p>{loadFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
