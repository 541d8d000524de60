import i18n from '../../i18n/i18n.ts';
import { lazy, Suspense, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../../features/errors/error-boundary.tsx';
import { HeaderButtonPlaceholder } from '../../ui/header-button-placeholder.tsx';
import { VoiceButton } from '../../features/voice/voice-button.tsx';
import { ApiErrorAlert } from '../../lib/api/api-error-alert.tsx';
import { useAfterIdle } from '../../lib/hooks/use-after-idle.ts';
import { selectIsSignedIn } from '../../lib/session/auth-slice.ts';
import { useAppSelector } from '../hooks.ts';
import { Footer } from './footer.tsx';
import { Header, HeaderShortcuts } from './header.tsx';
import { LiveAnnouncer } from './page-arrival.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { SideMenu } from './side-menu.tsx';
import styles from './root-layout.module.css';

// Only signed-in pages need them: a guest's page (the home page) does not load their code, nor
// the API client they use. A chunk that fails to load (offline, or a deploy since the page
// came) leaves its slot empty rather than replacing the whole app with the error screen.
const ReminderBell = lazy(() => import('../../features/reminders/reminder-bell.tsx'));
const PremiumStatusSync = lazy(() => import('../../features/transactions/premium-sync.ts'));
// The messages' link asks the inbox for its unread count and keeps the live stream open.
const MessagesHeaderLink = lazy(() =>
  Promise.all([
    import('../../features/messages/messages-header-link.tsx'),
    i18n.loadNamespaces('messages'),
  ]).then(([module]) => module),
);

const noSubscription = () => () => {};

/**
 * True for a signed-in user, but never in a hydrating render: prerendered pages are a guest's,
 * so that render must match them whatever the stored session says (React renders again with
 * the client's snapshot right after).
 */
function useIsSignedInOnClient(): boolean {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const isClient = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return isClient && isSignedIn;
}

/** The reminder bell, for a signed-in user, once the page has started (use-after-idle.ts). */
function RemindersSlot() {
  const isIdle = useAfterIdle();
  if (!useIsSignedInOnClient()) return null;
  if (!isIdle) return <HeaderButtonPlaceholder />;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={<HeaderButtonPlaceholder />}>
        <ReminderBell />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Messages with the unread count, for a signed-in user, once the page has started: its inbox
 * request and live stream (never finished, so a signed-in page is never network-idle) do not
 * compete with the page's own first data.
 */
function MessagesSlot() {
  const isIdle = useAfterIdle();
  if (!useIsSignedInOnClient()) return null;
  if (!isIdle) return <HeaderButtonPlaceholder />;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={<HeaderButtonPlaceholder />}>
        <MessagesHeaderLink />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Records and Appointments in the header, for a signed-in user. */
function ShortcutsSlot() {
  return useIsSignedInOnClient() ? <HeaderShortcuts /> : null;
}

/**
 * Asks once a page load whether a signed-in user's premium has ended (premium-sync.ts), once the
 * page has started.
 */
function PremiumStatusSlot() {
  const isIdle = useAfterIdle();
  if (!useIsSignedInOnClient() || !isIdle) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <PremiumStatusSync />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The key React Router gave the history entry the browser is on (`location.key` once shown). */
function currentHistoryKey(): string {
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' && 'key' in state ? state.key : undefined;
  return typeof key === 'string' ? key : 'default';
}

/** Header, side menu, page, footer and the voice button: the layout every page shares. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the page it was opened on: any later navigation closes it. A navigation
  // that had already begun does not: React Router shows the next page in a transition, so while
  // its chunk loads the address is already the new entry but `location` still the old one, and
  // the menu opened in that moment must survive the page settling.
  const [menuOpenOn, setMenuOpenOn] = useState<readonly string[] | null>(null);
  const isMenuOpen = menuOpenOn?.includes(location.key) ?? false;
  const openMenu = useCallback(
    () => setMenuOpenOn([location.key, currentHistoryKey()]),
    [location.key],
  );
  const closeMenu = useCallback(() => setMenuOpenOn(null), []);

  const mainRef = useRef<HTMLElement>(null);

  return (
    <div className={styles.shell}>
      {/* While the menu is open everything behind it is inert: no focus, no clicks, not read. */}
      <div className={styles.page} inert={isMenuOpen}>
        <a href="#main" className={styles.skipLink}>
          {t('skipToContent')}
        </a>
        <Header
          isMenuOpen={isMenuOpen}
          onOpenMenu={openMenu}
          menuButtonRef={menuButtonRef}
          reminders={<RemindersSlot />}
          messages={<MessagesSlot />}
          shortcuts={<ShortcutsSlot />}
        />
        <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
          <PageOutlet mainRef={mainRef} />
        </main>
        <Footer />
        <VoiceButton />
      </div>
      <SideMenu isOpen={isMenuOpen} onClose={closeMenu} returnFocusRef={menuButtonRef} />
      {/* Outside the inert part, so alerts are always read. */}
      <ApiErrorAlert />
      <LiveAnnouncer />
      <PremiumStatusSlot />
    </div>
  );
}
