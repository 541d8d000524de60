import { useRef, useState, type ReactNode } from 'react';
import { FailureAlert } from './failure-alert.tsx';

/**
 * The refusal a `SavingForm` says at its top: `show` puts the text there and moves focus to
 * it (the slot is always in the page, so it can take focus before the text is drawn); `clear`
 * takes it away when the form is sent again.
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

/**
 * A form that checks itself (no browser bubbles) and saves by script, named for assistive
 * technology: a submit while a save is under way does nothing (the busy button is
 * aria-disabled, not disabled, so it keeps its focus and can still be pressed). The API's
 * refusal stands at its top, where `failure.show` moves focus.
 */
export function SavingForm({
  label,
  className,
  isBusy,
  onSubmit,
  failure: { text, ref },
  children,
}: {
  label: string;
  className?: string;
  isBusy: boolean;
  onSubmit: () => Promise<void>;
  failure: Failure;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isBusy) void onSubmit();
      }}
    >
      <FailureAlert ref={ref} failure={text} />
      {children}
    </form>
  );
}
