/**
 * Entry of the server build that prerenders the public pages (scripts/prerender.mjs):
 * the same providers and routes as the browser (app/app-frame.tsx), a static router, a
 * guest session and every language's texts in memory.
 */
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { AppFrame } from '../app/app-frame.tsx';
import { createStore } from '../app/store.ts';
import { directionOf, LANGUAGES } from '../i18n/languages.ts';
import { documentTitleFor } from '../lib/a11y/page-title.ts';
import { mainHeadingText } from './main-heading-text.ts';
import { setPrerenderProvider } from '../lib/identity/prerendered-provider.ts';

export { LAYOUT_NAMESPACES, PRERENDERED_PAGES } from './prerendered-pages.ts';
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code);

const locales = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(locales)) {
  const [language, namespace] = file.split('/').slice(-2) as [string, string];
  (resources[language] ??= {})[namespace.replace('.json', '')] = texts;
}

// The browser's options (i18n/i18n.ts), with every text already loaded.
const ready = i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGE_CODES,
  load: 'currentOnly',
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
});

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += String(chunk);
  return html;
}

/**
 * The page at `path` in `language` (and, for pages that show it, as the sign-in provider
 * `identity` would be): its body HTML, `<title>` (the page's own, as in the browser) and
 * direction.
 */
export async function renderPage({
  path,
  language,
  identity,
}: {
  path: string;
  language: string;
  identity?: 'local' | 'firebase';
}) {
  await ready;
  await i18next.changeLanguage(language);
  setPrerenderProvider(identity);
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppFrame store={createStore()} router={router} />
    </StrictMode>,
    // Never outline a large page for progressive reveal: that needs inline scripts, which the
    // CSP forbids. Everything is complete in one document.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await readAll(prelude);
  return {
    html,
    // The page's own title from the first byte, as the app sets it once it runs.
    title: documentTitleFor(i18next.t, mainHeadingText(html)),
    dir: directionOf(language),
  };
}
