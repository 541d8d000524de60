/** A web call the browser can join with the access token (valid for a short time only). */
export interface WebCall {
  accessToken: string;
  callId: string;
}

/**
 * Creates voice calls with the AI agent. The agent id is server configuration; the API key
 * stays inside the provider and never reaches the browser.
 */
export interface VoiceProvider {
  readonly name: 'retell';
  /** The one agent users may call (RETELL_AGENT_ID). */
  readonly agentId: string;
  /** `userId` is the only thing the call's metadata carries: no patient data. */
  createWebCall(input: { userId: string }): Promise<WebCall>;
  /**
   * Whether a request from the provider (its webhook, the agent's functions) is genuine: the
   * signature covers the exact body and a time, and is refused when over five minutes old or
   * over a minute ahead. A genuine one answers what identifies its signature, so the caller can
   * refuse the same signature a second time while it would still be accepted.
   */
  isSignedByProvider(input: {
    rawBody: string;
    signature: string | undefined;
  }): Promise<SignedRequest | false>;
}

/** A genuinely signed request: the same signature always gives the same `replayKey`. */
export interface SignedRequest {
  replayKey: string;
  /** Until when the signature would be accepted; later it is refused as too old anyway. */
  acceptedUntil: Date;
}

/** The voice service answered with an error or could not be reached. */
export class VoiceProviderError extends Error {
  /** The upstream HTTP status, when there was an answer. */
  readonly status?: number;

  constructor(message: string, { status }: { status?: number } = {}) {
    super(message);
    this.status = status;
  }
}
