import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Focus an element that may only appear with the next render (an error summary shown by the
 * submit that found the errors): `request()` now, focus once React has committed.
 */
export function useFocusAfterRender<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) ref.current?.focus();
  }, [requests]);
  const request = useCallback(() => setRequests((count) => count + 1), []);
  return { ref, request };
}
