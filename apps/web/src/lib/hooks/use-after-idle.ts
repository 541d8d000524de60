import { startTransition, useEffect, useState } from 'react';
import { pageHydrated } from '../hydration/page-hydrated.ts';

/** The longest a part waits for the browser to be idle, once the page is there, before it starts. */
export const IDLE_TIMEOUT_MS = 2_000;

/** Calls `run` once the browser is idle (`requestIdleCallback`, or a timer where there is none). */
export function whenIdle(run: () => void): () => void {
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

/** By what a page's parts belong to (a patient's id), how many it has shown at most. */
const shownBefore = new Map<string, number>();

/**
 * How many of `total` parts to show: `first` at once, then one more each time the page is on
 * screen and the browser idle, each rendered in a transition. A page of many parts that each
 * request their own data (the chart's sections) mounts them one at a time: each part's request,
 * and the render of its answer, is a task of its own rather than one long task for all. Parts
 * once shown for `key` are shown at once when they mount again (after an edit, or coming back);
 * `isAll` shows every part at once, and from then on.
 */
export function useOneAtATime({
  key,
  total,
  first,
  isAll,
}: {
  key: string;
  total: number;
  first: number;
  isAll: boolean;
}): number {
  const [shown, setShown] = useState(() => Math.max(first, shownBefore.get(key) ?? 0));
  if (isAll && shown < total) setShown(total);
  useEffect(() => {
    shownBefore.set(key, Math.max(shown, shownBefore.get(key) ?? 0));
    if (shown >= total) return;
    let cancel: (() => void) | undefined;
    let isUnmounted = false;
    void pageHydrated.then(() => {
      if (isUnmounted) return;
      cancel = whenIdle(() => startTransition(() => setShown((count) => count + 1)));
    });
    return () => {
      isUnmounted = true;
      cancel?.();
    };
  }, [key, shown, total]);
  return Math.min(shown, total);
}
