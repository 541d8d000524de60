import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Focus an element that may only appear with a later render (an error summary shown once the
 * form's errors have reached its state): `request()` now, focus as soon as it is on the page.
 */
export function useFocusAfterRender<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  const isPending = useRef(false);
  const [, setRequests] = useState(0);
  // After every render, before the page is painted or read: the element may arrive one render
  // after the request, and whoever sees it there finds it focused.
  useLayoutEffect(() => {
    if (isPending.current && ref.current) {
      isPending.current = false;
      ref.current.focus();
    }
  });
  const request = useCallback(() => {
    isPending.current = true;
    setRequests((count) => count + 1);
  }, []);
  return { ref, request };
}
