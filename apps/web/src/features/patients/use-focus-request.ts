import { useEffect, useRef } from 'react';

/**
 * Moves focus to the element (a view's heading with tabIndex -1) whenever the page asks for
 * it: `request` grows each time the user switches views, so keyboard and screen-reader users
 * land on the new view. 0 means "never asked" (first load keeps the browser's focus).
 */
export function useFocusRequest<T extends HTMLElement>(request: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (request > 0) ref.current?.focus();
  }, [request]);
  return ref;
}
