import { useEffect, useEffectEvent, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation } from 'react-router';
import {
  announcePage,
  clearAnnouncement,
  currentAnnouncement,
  subscribeAnnouncements,
} from '../../lib/a11y/announcer.ts';
import { focusMainHeading } from '../../lib/a11y/focus-return.ts';
import { focusFragmentTarget, fragmentTarget } from '../../lib/a11y/fragment-target.ts';
import { documentTitleFor, spokenText } from '../../lib/a11y/page-title.ts';
import { markPageHydrated } from '../../lib/hydration/page-hydrated.ts';

/** The page's name: its main heading, which every page has and which is in the reader's language. */
export function pageNameOf(main: HTMLElement | null): string {
  return spokenText(main?.querySelector('h1')?.textContent);
}

/**
 * Rendered after the page inside the layout's Suspense, so its effects run once the new page
 * is on screen. Each page gets its own `document.title` (WCAG 2.4.2); after a navigation focus
 * moves to the page's heading (or to the section the address's fragment names) and the page is
 * announced, so a screen reader does not stay on the menu button saying nothing about where the
 * user now is. The first page of a visit keeps
 * the browser's own start (focus at the top, the title read by the browser).
 */
export function PageArrival({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const previousPath = useRef<string | null>(null);

  // Its first effect runs once the page around it is hydrated (it is the boundary's last child).
  useEffect(markPageHydrated, []);

  useEffect(() => {
    document.title = documentTitleFor(t, pageNameOf(mainRef.current));
  });

  const arrive = useEffectEvent(() => {
    const main = mainRef.current;
    // A menu or dialog the person opened while the page was arriving keeps focus (the page
    // behind it is inert): the page is still announced, and the menu returns focus on close.
    const isPersonElsewhere =
      main?.closest('[inert]') != null ||
      document.activeElement?.closest('[role="dialog"], dialog') != null;
    // An address with a fragment (`#visits`) leads to that section, if it is already there; one
    // that comes with later data is reached by its page (lib/a11y/fragment-target.ts).
    const target = fragmentTarget(hash, main);
    if (main && !isPersonElsewhere) {
      if (target) focusFragmentTarget(target);
      else focusMainHeading(main);
    }
    announcePage(t('pageChanged', { page: pageNameOf(main ?? null) }));
  });

  // Only a new address is a new page: a language switch re-titles (above) but leaves focus.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    const isFirstPage = previousPath.current === null;
    previousPath.current = pathname;
    if (!isFirstPage) arrive();
  }, [pathname]);

  return null;
}

/** The layout's one polite live region; a new node per announcement so repeats are read too. */
export function LiveAnnouncer() {
  const { i18n } = useTranslation();
  useEffect(() => {
    i18n.on('languageChanged', clearAnnouncement);
    return () => i18n.off('languageChanged', clearAnnouncement);
  }, [i18n]);
  const announcement = useSyncExternalStore(
    subscribeAnnouncements,
    currentAnnouncement,
    () => null,
  );
  return (
    <div
      className="visually-hidden"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      id="announcer"
    >
      {announcement && <p key={announcement.id}>{announcement.text}</p>}
    </div>
  );
}
