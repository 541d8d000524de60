import type { ReactNode } from 'react';
import { submitUnlessBusy } from '../lib/forms/submit-unless-busy.ts';
import { FailureAlert, type Failure } from './failure-alert.tsx';

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
      onSubmit={submitUnlessBusy(isBusy, (event) => {
        event.preventDefault();
        return onSubmit();
      })}
    >
      <FailureAlert ref={ref} failure={text} />
      {children}
    </form>
  );
}
