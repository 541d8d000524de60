import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n/languages.ts';
import { pageHydrated } from '../../lib/hydration/page-hydrated.ts';
import { Icon } from '../../ui/icon.tsx';
import styles from './language-menu.module.css';

/**
 * The language selector of a narrow header: a globe button that opens the five languages, each
 * named in its own language. A phone's header has room for one row only, so the list stays
 * folded until asked for; Escape or a choice folds it and gives focus back to the button.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const [isOpen, setIsOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!isOpen) return;
    listRef.current?.querySelector<HTMLButtonElement>('[aria-current="true"], button')?.focus();
  }, [isOpen]);

  const close = () => {
    setIsOpen(false);
    toggleRef.current?.focus();
  };

  const choose = (language: string) => {
    close();
    if (language === current) return;
    // As in the select: a choice made while the page is still hydrating waits for it.
    void pageHydrated.then(() => i18n.changeLanguage(language));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !isOpen) return;
    event.stopPropagation();
    close();
  };

  return (
    <div
      className={[styles.wrapper, className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the list folds it, so it never lingers over the page.
        if (isOpen && !event.currentTarget.contains(event.relatedTarget)) setIsOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        onClick={() => setIsOpen((open) => !open)}
      >
        <Icon name="globe" size={20} />
        <span className="visually-hidden">{t('header.language')}</span>
      </button>
      {isOpen && (
        <ul ref={listRef} id={listId} className={styles.list} aria-label={t('header.language')}>
          {LANGUAGES.map((language) => (
            <li key={language.code}>
              <button
                type="button"
                lang={language.code}
                className={styles.option}
                aria-current={language.code === current || undefined}
                onClick={() => choose(language.code)}
              >
                {language.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
