import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n/languages.ts';
import { useDisclosure } from '../../lib/a11y/disclosure.ts';
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
      <button ref={toggleRef} {...toggleProps} type="button" className={styles.toggle}>
        <Icon name="globe" size={20} />
        <span className="visually-hidden">{t('header.language')}</span>
      </button>
      <ul
        ref={panelRef}
        id={panelId}
        className={styles.list}
        aria-label={t('header.language')}
        hidden={!isOpen}
      >
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
    </div>
  );
}
