import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18next, { i18nReady, NAMESPACES } from '../i18n/i18n.ts';

// Lazily loaded routes are transformed on first import: slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

await i18nReady;
// In the app a page's texts load with its chunk (app/router.tsx); tests render pages directly.
await i18next.loadNamespaces([...NAMESPACES]);
afterEach(() => cleanup());
