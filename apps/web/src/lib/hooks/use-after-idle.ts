import { useEffect, useState } from 'react';
import { pageHydrated } from '../hydration/page-hydrated.ts';

/** The longest a part waits for the browser to be idle, once the page is there, before it starts. */
export const IDLE_TIMEOUT_MS = 2_000;

/** Calls `run` once the browser is idle (`requestIdleCallback`, or a timer where there is none). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/**
 * False until the page is on screen and the browser has then been idle once: a part that is not
 * the page's own (the header's bell, Messages with its live stream) starts after the page's first
 * render and its data requests, rather than competing with them in the same long tasks.
 */
export function useAfterIdle(): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    let isUnmounted = false;
    void pageHydrated.then(() => {
      if (!isUnmounted) cancel = whenIdle(() => setIsIdle(true));
    });
    return () => {
      isUnmounted = true;
      cancel?.();
    };
  }, []);
  return isIdle;
}
