import { useRef, useState, type Ref } from 'react';
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

/**
 * The refusal an action says in its `FailureAlert` (a `SavingForm`'s top, or beside a button such
 * as a visit's Sign): `show` puts the text there and moves focus to it (the slot is always in the
 * page, so it can take focus before the text is drawn); `clear` takes it away when the action is
 * tried again.
 */
export function useFailure() {
  const [text, setText] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  return {
    text,
    ref,
    clear: () => setText(null),
    show: (next: string) => {
      setText(next);
      ref.current?.focus();
    },
  };
}

export type Failure = ReturnType<typeof useFailure>;
