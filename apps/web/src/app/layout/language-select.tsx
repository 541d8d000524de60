import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LANGUAGES } from '../../i18n/languages.ts';
import { pageHydrated } from '../../lib/hydration/page-hydrated.ts';
import { Icon } from '../../ui/icon.tsx';
import styles from './language-select.module.css';
import { SELECT_BROWSING_KEYS as BROWSING_KEYS } from '../../lib/a11y/select-browsing-keys.ts';

/**
 * The five languages, each named in its own language. Switching re-renders every text at once;
 * the i18n set-up stores the choice and sets `<html lang dir>`.
 *
 * A closed select fires `change` on every arrow key, so arrowing from English to Deutsch would
 * switch the page to Arabic and right-to-left on the way (WCAG 3.2.2). A choice made with the
 * arrow keys therefore waits for Enter; leaving the selector without it keeps the language.
 * Picking from the open list (mouse, touch, or the list opened with Space or Alt+Down) is an
 * explicit choice and applies at once.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const [pending, setPending] = useState<string | null>(null);
  const isBrowsing = useRef(false);

  const apply = (language: string) => {
    if (language === current) return setPending(null);
    // A choice made while the page is still hydrating waits for it (texts switched under a part
    // React has not hydrated yet would no longer match its prerendered HTML); meanwhile, and
    // while the language's texts load, the selector shows the choice rather than snapping back.
    setPending(language);
    void pageHydrated.then(() => i18n.changeLanguage(language)).finally(() => setPending(null));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (BROWSING_KEYS.has(event.key)) isBrowsing.current = true;
    else if (event.key === 'Enter' && pending !== null) {
      event.preventDefault();
      apply(pending);
    } else if (event.key === 'Escape' && pending !== null) setPending(null);
  };

  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <Icon name="globe" size={18} className={styles.icon} />
      <label htmlFor="language-select" className="visually-hidden">
        {t('header.language')}
      </label>
      <select
        id="language-select"
        className={styles.select}
        value={pending ?? current}
        aria-describedby="language-select-hint"
        onKeyDown={onKeyDown}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isBrowsing.current) {
            isBrowsing.current = false;
            setPending(chosen === current ? null : chosen);
          } else apply(chosen);
        }}
        onBlur={() => {
          isBrowsing.current = false;
          setPending(null);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
      <span id="language-select-hint" className="visually-hidden">
        {t('header.languageHint')}
      </span>
    </div>
  );
}
