import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  directionOf,
  isLanguageCode,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type LanguageCode,
} from './languages.ts';

/**
 * Resources live in `locales/<language>/<namespace>.json`, one namespace per feature, and
 * are loaded on demand: the home page ships only the language being shown.
 */
const resources = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/**
 * Every namespace: one per feature and one per patient-owned kind with texts of its own, read
 * from the English files rather than from the kinds' registry, whose schemas the home page must
 * not load.
 */
export const NAMESPACES = Object.keys(resources).flatMap(
  (file) => /^\.\/locales\/en\/([^/]+)\.json$/.exec(file)?.[1] ?? [],
);

/**
 * What every page needs: the layout (`common`), the voice button and the API alert (`auth`).
 * Each page's own namespace is loaded with its chunk (app/router.tsx).
 */
const INITIAL_NAMESPACES = ['common', 'voice', 'auth'];

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = resources[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

function initialLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguageCode(stored)) return stored;
  } catch {
    // Storage can be unavailable (privacy modes); fall back to the browser's language.
  }
  const preferred = navigator.languages?.find((tag) =>
    LANGUAGES.some((l) => tag.startsWith(l.code.slice(0, 2))),
  );
  const match = LANGUAGES.find((l) => preferred?.startsWith(l.code.slice(0, 2)));
  return match?.code ?? 'en';
}

function applyToDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

i18next.on('languageChanged', (language) => {
  applyToDocument(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    // The server reads the same choice to send the page prerendered in this language.
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Not persisted when storage is unavailable; the switch itself still works.
  }
});

export const i18nReady = i18next
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    load: 'currentOnly',
    ns: INITIAL_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  })
  .then(() => applyToDocument(i18next.language));

export default i18next;
