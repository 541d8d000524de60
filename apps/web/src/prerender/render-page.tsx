/**
 * Entry of the server build that prerenders the public pages (scripts/prerender.mjs):
 * the same providers and routes as the browser (app/app-frame.tsx), a static router, a
 * guest session and every language's texts in memory.
 */
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppFrame } from '../app/app-frame.tsx';
import { createStore } from '../app/store.ts';
import i18n, { NAMESPACES } from '../i18n/i18n.ts';
import { directionOf, LANGUAGES } from '../i18n/languages.ts';
import { documentTitleFor } from '../lib/a11y/page-title.ts';
import { mainHeadingText } from './main-heading-text.ts';
import { setPrerenderProvider } from '../lib/identity/prerendered-provider.ts';

export { LAYOUT_NAMESPACES, PRERENDERED_PAGES } from './prerendered-pages.ts';
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code);

// The browser's translator, with every namespace loaded: a page's texts are there when it renders.
const ready = i18n.loadNamespaces(NAMESPACES);

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
  await i18n.changeLanguage(language);
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
    title: documentTitleFor(i18n.t, mainHeadingText(html)),
    dir: directionOf(language),
  };
}
