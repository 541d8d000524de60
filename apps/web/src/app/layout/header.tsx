import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { NavLink } from 'react-router';
import { telHref, usePublicConfig } from '../../lib/config/public-config.ts';
import { Icon } from '../../ui/icon.tsx';
import logo from '../../ui/images/logo.svg';
import { HeaderSearch } from './header-search.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { LanguageSelect } from './language-select.tsx';
import popup from '../../ui/popup.module.css';
import styles from './header.module.css';

/**
 * The sticky header of every page: the logo (opens the side menu), the search of the portal's
 * directory (header-search.tsx), the contact phone and the language selector. On a phone the header is one row: the search and the languages fold
 * behind icon buttons.
 */
export function Header({
  isMenuOpen,
  onOpenMenu,
  menuButtonRef,
  reminders,
  messages,
  shortcuts,
}: {
  isMenuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
  /** The signed-in practitioner's reminder bell, composed by the layout. */
  reminders?: ReactNode;
  /** A signed-in reader's link to their messages with the unread count, composed by the layout. */
  messages?: ReactNode;
  /** The signed-in practitioner's links to their work (`HeaderShortcuts`), composed by the layout. */
  shortcuts?: ReactNode;
}) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const headerRef = useRef<HTMLElement>(null);

  // The sticky header's height (one row, more with large text or an open search) for the page's
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

  // On a phone the search field is folded behind a button (on wider screens it is always shown
  // and the button is not).
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const searchToggleRef = useRef<HTMLButtonElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (isSearchOpen) searchInputRef.current?.focus();
  }, [isSearchOpen]);
  const closeSearchOnEscape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || !isSearchOpen) return;
    event.preventDefault();
    setIsSearchOpen(false);
    searchToggleRef.current?.focus();
  };

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

        {shortcuts}

        <button
          ref={searchToggleRef}
          type="button"
          className={`${popup.iconToggle} ${styles.searchToggle}`}
          aria-expanded={isSearchOpen}
          aria-controls="directory-search-form"
          onClick={() => setIsSearchOpen((open) => !open)}
        >
          <Icon name="search" />
          <span className="visually-hidden">{t('header.search')}</span>
        </button>

        <HeaderSearch
          formId="directory-search-form"
          className={isSearchOpen ? `${styles.search} ${styles.searchOpen}` : styles.search}
          inputRef={searchInputRef}
          onKeyDown={closeSearchOnEscape}
        />

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
          {messages}
          {reminders}
          <LanguageSelect className={styles.language} />
          <LanguageMenu className={styles.languageMenu} />
        </div>
      </div>
    </header>
  );
}

/** Records and Appointments, in the header of a wide screen (on a phone they are in the menu). */
export function HeaderShortcuts() {
  const { t } = useTranslation();
  return (
    <nav className={styles.shortcuts} aria-label={t('header.shortcuts')}>
      <NavLink to="/records" end className={styles.shortcut}>
        {t('menu.records')}
      </NavLink>
      <NavLink to="/appointments" end className={styles.shortcut}>
        {t('menu.appointments')}
      </NavLink>
    </nav>
  );
}
