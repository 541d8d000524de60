import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18next, { i18nReady, NAMESPACES } from '../i18n/i18n.ts';
import { resetPublicConfig } from '../lib/config/load-public-config.ts';

// Lazily loaded routes are transformed on first import: slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

await i18nReady;
// In the app a page's texts load with its chunk (app/router.tsx); tests render pages directly.
await i18next.loadNamespaces([...NAMESPACES]);
afterEach(() => {
  cleanup();
  // `/api/config` is kept for the page's life; each test answers it its own way.
  resetPublicConfig();
});
