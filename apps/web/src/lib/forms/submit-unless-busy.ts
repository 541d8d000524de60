import type { FormEvent } from 'react';

/**
 * A form's submit handler that does nothing while a save is under way: the busy button is
 * aria-disabled, not disabled, so it keeps its focus and can still be pressed (or Enter pressed
 * in a field), and a second press must not save twice.
 */
export const submitUnlessBusy =
  (isBusy: boolean, submit: (event: FormEvent<HTMLFormElement>) => unknown) =>
  (event: FormEvent<HTMLFormElement>) => {
    if (isBusy) event.preventDefault();
    else void submit(event);
  };
