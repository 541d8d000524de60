import { useCallback, useEffect, useState, useSyncExternalStore, type FocusEvent } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/** Whether the reader asked the system for less motion; follows changes live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, () => false);
}

/**
 * The carousel's state: the shown slide, and automatic rotation every `intervalMs`.
 * Rotation waits while the pointer is over the carousel or focus is inside it, stops for good
 * when the reader stops it, and never starts under `prefers-reduced-motion`. Any change of
 * slide restarts the full interval, so a slide picked by hand stays a full period.
 */
export function useCarousel({ count, intervalMs }: { count: number; intervalMs: number }) {
  const [index, setIndex] = useState(0);
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [isStoppedByReader, setIsStoppedByReader] = useState(false);
  const isReducedMotion = usePrefersReducedMotion();

  const isRotationOn = !isReducedMotion && !isStoppedByReader;
  const isPaused = isHovered || hasFocus;
  const isRotating = isRotationOn && !isPaused;

  useEffect(() => {
    if (!isRotating || count < 2) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [index, isRotating, count, intervalMs]);

  const next = useCallback(() => setIndex((current) => (current + 1) % count), [count]);
  const previous = useCallback(() => setIndex((current) => (current - 1 + count) % count), [count]);
  const goTo = useCallback((target: number) => setIndex(target), []);
  const toggleRotation = useCallback(() => setIsStoppedByReader((stopped) => !stopped), []);

  const regionProps = {
    onMouseEnter: () => setIsHovered(true),
    onMouseLeave: () => setIsHovered(false),
    onFocus: () => setHasFocus(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false);
    },
  };

  return {
    index,
    next,
    previous,
    goTo,
    toggleRotation,
    /** Rotation is switched on (not stopped by the reader, motion allowed). */
    isRotationOn,
    /** Slides are moving right now. */
    isRotating,
    isReducedMotion,
    regionProps,
  };
}
