import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPageAt } from './app/router.tsx';
import i18n, { i18nReady } from './i18n/i18n.ts';
import { readPersistedSession } from './lib/session/persisted-session.ts';
import './styles/global.css';

// The page's chunk and texts too: its first render is then whole, and hydration never leaves a
// part of the page without handlers while a chunk arrives (a press there would be dropped).
await i18nReady;
await preloadPageAt(window.location.pathname);
// A signed-in page shows times in the practitioner's zone: its formatters are made in a task of
// their own while the page's code and data are on their way (i18n/warm-formats.ts).
if (readPersistedSession()?.status) {
  setTimeout(
    () => void import('./i18n/warm-formats.ts').then((m) => m.warmTimeFormats(i18n.language)),
  );
}
const container = document.getElementById('root')!;
let markStarted!: () => void;
/** Settles once the app's first render is on screen, every handler in place (see boot.ts). */
export const appStarted = new Promise<void>((resolve) => (markStarted = resolve));
const app = (
  <StrictMode>
    <App onStarted={markStarted} />
  </StrictMode>
);
// A prerendered page (scripts/prerender.mjs) is hydrated when it is in the reader's language;
// otherwise (or for a page that is not prerendered) the app renders from scratch. Either way as
// a transition: React yields to the browser every few milliseconds instead of blocking it.
startTransition(() => {
  if (container.dataset.prerendered === i18n.language) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
