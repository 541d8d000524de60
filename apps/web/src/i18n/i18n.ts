import {
  directionOf,
  isLanguageCode,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type LanguageCode,
} from './languages.ts';
import { Translator } from './translator.ts';

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

function initialLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguageCode(stored)) return stored;
  } catch {
    // Storage can be unavailable (privacy modes); fall back to the browser's language.
  }
  // No navigator in Node 20, where the prerender renders (in English, then each language).
  if (typeof navigator === 'undefined') return 'en';
  const preferred = navigator.languages?.find((tag) =>
    LANGUAGES.some((l) => tag.startsWith(l.code.slice(0, 2))),
  );
  const match = LANGUAGES.find((l) => preferred?.startsWith(l.code.slice(0, 2)));
  return match?.code ?? 'en';
}

function applyToDocument(language: string): void {
  // The prerender renders in Node, where the document is the page it writes.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

const i18n = new Translator({
  language: initialLanguage(),
  fallbackLanguage: 'en',
  defaultNamespace: 'common',
  namespaces: NAMESPACES,
  load: (language, namespace) =>
    resources[`./locales/${language}/${namespace}.json`]?.().then((module) => module.default) ??
    Promise.resolve({}),
});

/** The document and the stored choice follow the language, from the first one on. */
function adoptLanguage(language: string): void {
  applyToDocument(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    // The server reads the same choice to send the page prerendered in this language, and the
    // pages it makes itself (the local checkout) in it.
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Not persisted when storage is unavailable (or in the prerender); the switch still works.
  }
}

i18n.on('languageChanged', adoptLanguage);

export const i18nReady = i18n
  .loadNamespaces(INITIAL_NAMESPACES)
  .then(() => adoptLanguage(i18n.language));

export default i18n;
