import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../features/errors/error-boundary.tsx';
import { VoiceButton } from '../../features/voice/voice-button.tsx';
import { ApiErrorAlert } from '../../lib/api/api-error-alert.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SideMenu } from './side-menu.tsx';
import styles from './root-layout.module.css';

/** Header, side menu, page, footer and the voice button: the shared layout of SPEC.md §2. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === location.key;
  const openMenu = useCallback(() => setMenuOpenOn(location.key), [location.key]);
  const closeMenu = useCallback(() => setMenuOpenOn(null), []);

  // The browser tab's title follows the language too.
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <div className={styles.shell}>
      {/* While the menu is open everything behind it is inert: no focus, no clicks, not read. */}
      <div className={styles.page} inert={isMenuOpen}>
        <a href="#main" className={styles.skipLink}>
          {t('skipToContent')}
        </a>
        <Header isMenuOpen={isMenuOpen} onOpenMenu={openMenu} menuButtonRef={menuButtonRef} />
        <main id="main" tabIndex={-1} className={styles.main}>
          {/* A page that fails to render shows the error screen; leaving the page clears it. */}
          <ErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
        <VoiceButton />
      </div>
      <SideMenu isOpen={isMenuOpen} onClose={closeMenu} returnFocusRef={menuButtonRef} />
      {/* Outside the inert part, so alerts are always read. */}
      <ApiErrorAlert />
    </div>
  );
}
