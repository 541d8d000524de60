import { useMemo } from 'react';
import { DIRECTORY_LANGUAGES } from '@portal/shared/directory';
import {
  SPECIALTIES,
  SPECIALTY_LANGUAGES,
  specialtyOf,
  type TSpecialtyLanguage,
} from '@portal/shared/specialties';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The sign languages of `DIRECTORY_LANGUAGES`, which `Intl.DisplayNames` may not know. */
const SIGN_LANGUAGES = new Set(['ase', 'bfi', 'gsg', 'fsl']);

export interface NamedCode {
  code: string;
  name: string;
}

const specialtyLanguageOf = (language: string): TSpecialtyLanguage =>
  (SPECIALTY_LANGUAGES as readonly string[]).includes(language)
    ? (language as TSpecialtyLanguage)
    : 'en';

/** A specialty's name in the reader's language; an unknown code as it is. */
export function specialtyName(code: string, language: string): string {
  return specialtyOf(code)?.names[specialtyLanguageOf(language)] ?? code;
}

/**
 * The directory's specialties and languages, named in the reader's language and in its order:
 * specialties from the shared catalogue (`specialties.ts`), languages by `Intl.DisplayNames`.
 */
export function useDirectoryNames() {
  const { t, i18n } = useTranslation('listing');
  const language = i18n.language;
  return useMemo(() => {
    const languageNames = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' });
    const byName = (a: NamedCode, b: NamedCode) => a.name.localeCompare(b.name, language);
    // Browsers name few sign languages: the ones they leave out are named by `listing`.
    const languageName = (code: string) =>
      languageNames.of(code) ?? (SIGN_LANGUAGES.has(code) ? t(`signLanguages.${code}`) : code);
    const listFormat = new Intl.ListFormat(language, { type: 'unit' });
    return {
      /** Names joined as the reader's language lists them ("a, b" or "a، b"). */
      list: (names: string[]) => listFormat.format(names),
      specialties: SPECIALTIES.map(({ code }) => ({
        code,
        name: specialtyName(code, language),
      })).sort(byName),
      languages: DIRECTORY_LANGUAGES.map((code) => ({ code, name: languageName(code) })).sort(
        byName,
      ),
      specialtyName: (code: string) => specialtyName(code, language),
      languageName,
    };
  }, [language, t]);
}
