/**
 * The browser side of a voice call, behind a small interface so the whole state machine can be
 * driven by a fake client in tests. The real one wraps `retell-client-js-sdk`, whose media
 * server address is fixed inside the SDK; it is loaded with a dynamic import on the first press
 * only, so it never weighs on the initial bundle.
 */

/** What the SDK emits; the payloads of update, metadata and node_transition are Retell's. */
export interface VoiceClientEvents {
  call_started: [];
  call_ended: [];
  agent_start_talking: [];
  agent_stop_talking: [];
  update: [payload: unknown];
  metadata: [payload: unknown];
  node_transition: [payload: unknown];
  error: [error: unknown];
}

export type VoiceClientEvent = keyof VoiceClientEvents;

export interface StartCallOptions {
  /** The short-lived token from `POST /api/retellai/connect-retellai`. */
  accessToken: string;
  captureDeviceId?: string;
  playbackDeviceId?: string;
}

export interface VoiceClient {
  /**
   * Asks for the microphone (echo cancellation, noise suppression, auto gain control, mono)
   * before any call is created, so a denial is reported clearly and costs no call. Rejects with
   * the browser's DOMException (`NotAllowedError`, `NotFoundError`, …).
   */
  requestMicrophone(options?: { captureDeviceId?: string }): Promise<void>;
  /** Joins the call; `call_started` follows on success, `error` on failure. */
  startCall(options: StartCallOptions): Promise<void>;
  /** Leaves the call; emits `call_ended` when a call was connected. */
  stopCall(): void;
  mute(): void;
  unmute(): void;
  /** Subscribes to an event; the returned function unsubscribes. */
  on<E extends VoiceClientEvent>(
    event: E,
    handler: (...args: VoiceClientEvents[E]) => void,
  ): () => void;
}

export type VoiceClientFactory = () => VoiceClient | Promise<VoiceClient>;

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
