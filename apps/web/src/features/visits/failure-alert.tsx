import type { Ref } from 'react';
import styles from './visits.module.css';

/**
 * Where a visit form says the API refused it: always in the page and focusable, so focus can
 * move there the moment the alert appears.
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
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      )}
    </div>
  );
}
