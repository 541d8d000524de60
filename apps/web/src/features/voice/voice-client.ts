/**
 * The browser side of a voice call, behind a small interface so the whole state machine can be
 * driven by a fake client in tests. The real one wraps `retell-client-js-sdk`, whose media
 * server address is fixed inside the SDK; it is loaded with a dynamic import on the first press
 * only, so it never weighs on the initial bundle.
 */

import type { VoiceClient, VoiceClientFactory } from './voice-client-types.ts';

declare global {
  interface Window {
    /**
     * Test seam for end-to-end tests: when a page script has set this (Playwright's
     * `page.addInitScript`), calls use the client it makes instead of the Retell SDK. Nothing
     * in the app sets it, and no URL, storage value or server answer can: only code already
     * running in the page, which could replace anything else just as well.
     */
    __PORTAL_VOICE_CLIENT_FACTORY__?: VoiceClientFactory;
  }
}

/** The injected test client if any, otherwise the Retell client (SDK loaded on demand). */
export async function createVoiceClient(): Promise<VoiceClient> {
  const injected = window.__PORTAL_VOICE_CLIENT_FACTORY__;
  if (typeof injected === 'function') return injected();
  const { createRetellVoiceClient } = await import('./retell-voice-client.ts');
  return createRetellVoiceClient();
}
