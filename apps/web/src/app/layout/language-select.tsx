import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n/languages.ts';
import { Icon } from '../../ui/icon.tsx';
import styles from './language-select.module.css';

/**
 * The five languages, each named in its own language. Switching re-renders every text at once;
 * the i18n set-up stores the choice and sets `<html lang dir>`.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <Icon name="globe" size={18} className={styles.icon} />
      <label htmlFor="language-select" className="visually-hidden">
        {t('header.language')}
      </label>
      <select
        id="language-select"
        className={styles.select}
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
