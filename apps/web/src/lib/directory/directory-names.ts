import { useMemo } from 'react';
import { DIRECTORY_LANGUAGES } from '@portal/shared/directory';
import {
  SPECIALTIES,
  SPECIALTY_LANGUAGES,
  specialtyOf,
  type TSpecialtyLanguage,
} from '@portal/shared/specialties';
import { useTranslation } from '../../i18n/use-translation.ts';

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
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const languageNames = new Intl.DisplayNames([language], { type: 'language', fallback: 'code' });
    const byName = (a: NamedCode, b: NamedCode) => a.name.localeCompare(b.name, language);
    const languageName = (code: string) => languageNames.of(code) ?? code;
    return {
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
  }, [language]);
}
