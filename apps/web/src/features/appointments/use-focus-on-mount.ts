import { useEffect, useRef } from 'react';

/** Focus the element when it first appears: a result that replaces the control just used. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
