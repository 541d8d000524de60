import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { telHref, usePublicConfig } from '../../lib/config/public-config.ts';
import { Icon } from '../../ui/icon.tsx';
import logo from '../../ui/images/logo.svg';
import { LanguageSelect } from './language-select.tsx';
import styles from './header.module.css';

/**
 * The sticky header of every page: the logo (opens the side menu), the hospital search form
 * (a plain GET with field `s` to the configured hospital-group site), the contact phone and
 * the language selector.
 */
export function Header({
  isMenuOpen,
  onOpenMenu,
  menuButtonRef,
  reminders,
}: {
  isMenuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
  /** The signed-in practitioner's reminder bell, composed by the layout. */
  reminders?: ReactNode;
}) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const headerRef = useRef<HTMLElement>(null);

  // The sticky header's height (one row or three, by width and text size) for the page's
  // scroll padding: a link reached with Shift+Tab is scrolled into view below it, not under it.
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--header-block-size', `${header.offsetHeight}px`),
    );
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  // Until the configuration has arrived the form has no address to go to: the search waits for
  // it and is then sent, rather than going nowhere (a dead press on a slow connection).
  const searchRef = useRef<HTMLFormElement>(null);
  const isSearchHeld = useRef(false);
  const [hasHeldSearch, setHasHeldSearch] = useState(false);
  const holdEarlySubmit = (event: FormEvent) => {
    if (config) return;
    event.preventDefault();
    isSearchHeld.current = true;
    setHasHeldSearch(true);
  };
  useEffect(() => {
    if (!config || !isSearchHeld.current) return;
    isSearchHeld.current = false;
    searchRef.current?.requestSubmit();
  }, [config]);

  return (
    <header ref={headerRef} className={styles.header}>
      <div className={styles.inner}>
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.brand}
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          aria-controls={isMenuOpen ? 'side-menu' : undefined}
          onClick={onOpenMenu}
        >
          <Icon name="menu" size={22} className={styles.menuIcon} />
          <img src={logo} width={36} height={36} alt="" />
          <span className={styles.brandName}>{t('brand')}</span>
          <span className="visually-hidden">{t('header.openMenu')}</span>
        </button>

        <form
          ref={searchRef}
          role="search"
          className={styles.search}
          action={config?.hospitalSearchUrl}
          method="get"
          onSubmit={holdEarlySubmit}
          aria-busy={(hasHeldSearch && !config) || undefined}
        >
          <label htmlFor="hospital-search" className="visually-hidden">
            {t('header.search')}
          </label>
          <input
            id="hospital-search"
            name="s"
            type="search"
            className={styles.searchInput}
            placeholder={t('header.search')}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button
            type="submit"
            className={styles.searchButton}
            aria-label={t('header.searchSubmit')}
          >
            <Icon name="search" />
          </button>
        </form>

        {config ? (
          <a
            className={styles.phone}
            href={telHref(config.contactPhone)}
            aria-label={t('header.call', { phone: config.contactPhone })}
          >
            <Icon name="phone" />
            <span className={styles.phoneNumber} dir="ltr">
              {config.contactPhone}
            </span>
          </a>
        ) : (
          <span className={styles.phone} aria-hidden="true" />
        )}

        <div className={styles.tools}>
          {reminders}
          <LanguageSelect className={styles.language} />
        </div>
      </div>
    </header>
  );
}
