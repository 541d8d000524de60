import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import i18n, { i18nReady, NAMESPACES } from '../i18n/i18n.ts';
import { dismissApiNotice } from '../lib/api/error-notices.ts';
import { resetPublicConfig } from '../lib/config/load-public-config.ts';
import { server } from './fake-api.ts';

// Lazily loaded routes are transformed on first import: slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// The app builds `new Request('/api/…')` as a browser resolves it against the page; Node's
// Request (jsdom has none) refuses relative URLs.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

await i18nReady;
// In the app a page's texts load with its chunk (app/router.tsx); tests render pages directly.
await i18n.loadNamespaces([...NAMESPACES]);

// Requests the fake API has received and not yet answered.
let pendingRequests = 0;
server.events.on('request:start', () => void (pendingRequests += 1));
server.events.on('request:end', () => void (pendingRequests -= 1));

/**
 * Until the requests a test's page made are answered (at most 2 s), and what they answer has
 * reached the page's store: the fake API that served the test answers them, not the bare 404 of
 * the next, whose failure would reach the next test's screen.
 */
async function requestsSettled() {
  const deadline = Date.now() + 2_000;
  while (pendingRequests > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

// Any request to another host is a test bug: no network in component tests.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // A test's fake clock and stubbed globals end with it, before its screen is taken down.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  cleanup();
  await requestsSettled();
  // Handlers a test added (and its fake API's state) end with it.
  server.resetHandlers();
  // `/api/config` is kept for the page's life; each test answers it its own way.
  resetPublicConfig();
  // The alert on screen is the page's (module state): a test's failure, say a 404 that sends
  // its page to /not-found, must not greet the next test, which shares the worker's modules.
  dismissApiNotice();
  // And its language, once nothing on screen has to follow the change.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
afterAll(() => server.close());
