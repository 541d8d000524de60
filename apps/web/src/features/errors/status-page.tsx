import type { ReactNode } from 'react';
import styles from '../../ui/page.module.css';
import own from './status-page.module.css';

/** The frame shared by the 404, 403 and login-required pages. */
export function StatusPage({
  code,
  title,
  children,
}: {
  code?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={`${styles.card} ${styles.centered}`} aria-labelledby="status-title">
      {code && (
        <p aria-hidden="true" className={own.code}>
          {code}
        </p>
      )}
      <h1 id="status-title">{title}</h1>
      <div className={styles.actions}>{children}</div>
    </section>
  );
}
