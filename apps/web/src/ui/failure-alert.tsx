import type { Ref } from 'react';
import styles from './alert.module.css';

/**
 * Where a form says that the API refused it (a conflict, a stale version, a signed visit):
 * always in the page and focusable, so focus can move there the moment the alert appears.
 */
export function FailureAlert({
  failure,
  ref,
}: {
  failure: string | null;
  ref: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} tabIndex={-1} className={styles.slot}>
      {failure && (
        <p role="alert" className={styles.danger}>
          {failure}
        </p>
      )}
    </div>
  );
}
