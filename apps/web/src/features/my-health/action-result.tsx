import { useState } from 'react';
import { announce } from '../../lib/a11y/announcer.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import alert from '../../ui/alert.module.css';

/**
 * What an action on a section's item did (cancelling, marking), said where focus then goes: a
 * success is also announced, a failure is an alert. `view` is the line, placed at the section's
 * top; it keeps its place while empty so the list below does not move.
 */
export function useActionResult() {
  const [result, setResult] = useState<{ text: string; isFailure: boolean } | null>(null);
  const { ref, request: focus } = useFocusAfterRender<HTMLParagraphElement>();
  return {
    succeeded(text: string) {
      setResult({ text, isFailure: false });
      announce(text);
      focus();
    },
    failed(text: string) {
      setResult({ text, isFailure: true });
      focus();
    },
    view: (
      <p
        ref={ref}
        tabIndex={-1}
        role={result?.isFailure ? 'alert' : undefined}
        className={[alert.slot, result?.isFailure && alert.danger].filter(Boolean).join(' ')}
      >
        {result?.text}
      </p>
    ),
  };
}
