import { useState } from 'react';
import { announce } from '../../lib/a11y/announcer.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import alert from '../../ui/alert.module.css';

/**
 * What an action did, said where focus then goes: a success is announced as well, a failure is
 * an alert. `view` keeps its place while empty, so nothing below it moves.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<{ text: string; isFailure: boolean } | null>(null);
  const { ref, request: focus } = useFocusAfterRender<HTMLParagraphElement>();
  return {
    succeeded(text: string) {
      setOutcome({ text, isFailure: false });
      announce(text);
      focus();
    },
    failed(text: string) {
      setOutcome({ text, isFailure: true });
      focus();
    },
    clear: () => setOutcome(null),
    view: (
      <p
        ref={ref}
        tabIndex={-1}
        role={outcome?.isFailure ? 'alert' : undefined}
        className={[alert.slot, outcome?.isFailure && alert.danger].filter(Boolean).join(' ')}
      >
        {outcome?.text}
      </p>
    ),
  };
}
