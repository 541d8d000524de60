/**
 * What every voice client offers, apart from the function that picks one: the Retell wrapper
 * implements it and the picker loads that wrapper, so both depend on this file and not on each
 * other.
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
