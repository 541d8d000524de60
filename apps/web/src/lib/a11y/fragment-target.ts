import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The element an address's fragment (`#visits`) names, if it is on the page. */
export function fragmentTarget(hash: string, within?: HTMLElement | null): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  const target = document.getElementById(id);
  return target && (!within || within.contains(target)) ? target : null;
}

/**
 * Focuses what a fragment leads to: the heading that names the section (its first heading), or
 * the element itself. A screen reader then reads where the link went, and Tab goes on from there.
 */
export function focusFragmentTarget(target: HTMLElement): HTMLElement {
  const heading = target.matches('h1, h2, h3, h4, h5, h6')
    ? target
    : target.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6');
  const focusable = heading ?? target;
  if (!focusable.hasAttribute('tabindex')) focusable.setAttribute('tabindex', '-1');
  focusable.focus({ preventScroll: true });
  return focusable;
}

/** Input by which the reader takes over the page: from then on no section is scrolled to. */
const READER_INPUT = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
/** How long a page may take to settle; later changes (a poll, say) never move the reader. */
const SETTLE_MS = 10_000;

/**
 * Scrolls to the section the address's fragment names and moves focus to its heading, once it
 * is on the page: a page that renders its sections only after its data has loaded still gets
 * there. The browser does this only for what is there at the first paint. Sections above it that
 * grow as their own data arrives would push it away, so it is kept in view while the page
 * settles, until the reader scrolls, types or clicks (or for a few seconds at most). `isReady` holds it back until the page's
 * own data is there (its sections exist and the page's arrival has focused its heading).
 */
export function useScrollToFragment(isReady: boolean): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!isReady || hash.length < 2) return;
    let target: HTMLElement | null = null;
    let focused: HTMLElement | null = null;
    const keepInView = () => {
      if (target?.isConnected) target.scrollIntoView({ block: 'start' });
    };
    // Chromium's own handling of the fragment, which comes after the page's, leaves focus on
    // <body>: it goes back to the section's heading.
    const keepFocus = () => {
      setTimeout(() => {
        if (focused?.isConnected && document.activeElement === document.body) focused.focus();
      });
    };
    const settle = () => {
      if (target) return keepInView();
      target = fragmentTarget(hash);
      if (!target) return;
      keepInView();
      // What the page itself focused in that section (a form the address opened there) keeps
      // focus: the section's heading would take the reader away from it.
      const active = document.activeElement;
      focused =
        active instanceof HTMLElement && active !== target && target.contains(active)
          ? active
          : focusFragmentTarget(target);
      focused.addEventListener('blur', keepFocus);
    };
    const page = document.getElementById('main') ?? document.body;
    const mutations = new MutationObserver(settle);
    mutations.observe(page, { childList: true, subtree: true });
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepInView);
    sizes?.observe(page);
    const stop = () => {
      clearTimeout(settled);
      focused?.removeEventListener('blur', keepFocus);
      mutations.disconnect();
      sizes?.disconnect();
      for (const type of READER_INPUT) window.removeEventListener(type, stop, true);
    };
    const settled = setTimeout(stop, SETTLE_MS);
    for (const type of READER_INPUT) window.addEventListener(type, stop, true);
    settle();
    return stop;
    // A new history entry (Back, Forward, a link to the same section again) goes there anew.
  }, [isReady, hash, key]);
}
