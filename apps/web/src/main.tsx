import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import i18next, { i18nReady } from './i18n/i18n.ts';
import './styles/global.css';

await i18nReady;
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A prerendered page (scripts/prerender.mjs) is hydrated when it is in the reader's language;
// otherwise (or for a page that is not prerendered) the app renders from scratch. Either way as
// a transition: React yields to the browser every few milliseconds instead of blocking it.
startTransition(() => {
  if (container.dataset.prerendered === i18next.language) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
