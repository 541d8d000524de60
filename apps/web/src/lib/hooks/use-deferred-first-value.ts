import { useDeferredValue } from 'react';

/**
 * A page's data, its first arrival rendered in a transition (which React splits into short
 * tasks, where an answer from the store would otherwise render every section in one long task),
 * and every later value at once: the answer to a save shows in the same render as "saved", and
 * no earlier value is ever shown in place of a newer one. `undefined` (nothing yet, or another
 * record being fetched) also shows at once.
 */
export function useDeferredFirstValue<Value>(value: Value | undefined): Value | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
