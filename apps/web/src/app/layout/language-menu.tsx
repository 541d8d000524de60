import { useTranslation } from '../../i18n/use-translation.ts';
import { LANGUAGES } from '../../i18n/languages.ts';
import { useDisclosure } from '../../lib/a11y/disclosure.ts';
import { pageHydrated } from '../../lib/hydration/page-hydrated.ts';
import { Icon } from '../../ui/icon.tsx';
import popup from '../../ui/popup.module.css';
import styles from './language-menu.module.css';

/**
 * The language selector of a narrow header: a globe button that opens the five languages, each
 * named in its own language. A phone's header has room for one row only, so the list stays
 * folded until asked for; Escape or a choice folds it and gives focus back to the button.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const { isOpen, close, panelId, panelRef, toggleRef, toggleProps, containerProps } =
    useDisclosure<HTMLUListElement>({
      closesOnLeave: true,
      focusOnOpen: '[aria-current="true"], button',
    });

  const choose = (language: string) => {
    close();
    if (language === current) return;
    // As in the select: a choice made while the page is still hydrating waits for it.
    void pageHydrated.then(() => i18n.changeLanguage(language));
  };

  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')} {...containerProps}>
      <button
        ref={toggleRef}
        {...toggleProps}
        aria-controls={isOpen ? panelId : undefined}
        type="button"
        className={popup.iconToggle}
      >
        <Icon name="globe" size={20} />
        <span className="visually-hidden">{t('header.language')}</span>
      </button>
      {/* Only there while open, so nothing else in the page is named Language twice. */}
      {isOpen && (
        <ul
          ref={panelRef}
          id={panelId}
          className={`${popup.list} ${styles.list}`}
          aria-label={t('header.language')}
        >
          {LANGUAGES.map((language) => (
            <li key={language.code}>
              <button
                type="button"
                lang={language.code}
                className={`${popup.choice} ${styles.option}`}
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
