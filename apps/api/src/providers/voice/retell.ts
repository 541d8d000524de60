import crypto from 'node:crypto';
import Retell, { APIError } from 'retell-sdk';
import {
  VoiceProviderError,
  type SignedRequest,
  type VoiceProvider,
  type WebCall,
} from './voice.ts';

const DEFAULT_BASE_URL = 'https://api.retellai.com';
/** The SDK accepts a signature this far from now, either way. */
const SIGNATURE_MAX_AGE_MS = 5 * 60_000;
/**
 * How far ahead of this server's clock a signature may be: clocks drift a little, but one
 * signed minutes ahead would stay replayable for longer than the window allows.
 */
export const SIGNATURE_MAX_AHEAD_MS = 60_000;
const SIGNATURE_FORMAT = /^v=(\d+),d=([0-9a-f]+)$/i;

/**
 * Retell web calls through the official SDK (`POST /v3/create-web-call`, Bearer API key).
 * `baseUrl` is always passed explicitly so the SDK never falls back to reading the process
 * environment on its own.
 */
export function createRetellVoiceProvider({
  apiKey,
  agentId,
  baseUrl = DEFAULT_BASE_URL,
}: {
  apiKey: string;
  agentId: string;
  baseUrl?: string;
}): VoiceProvider {
  const client = new Retell({
    apiKey,
    baseURL: baseUrl,
    // No retries: the SDK would honour an upstream Retry-After of any length while a user
    // waits with the button pressed; a failure is shown at once and pressing again retries.
    maxRetries: 0,
    timeout: 15_000,
    // Failures are logged by the API (status only); the SDK's console logging stays off.
    logLevel: 'off',
  });

  return {
    name: 'retell',
    agentId,
    async createWebCall({ userId }): Promise<WebCall> {
      try {
        const call = await client.call.createWebCall({
          agent_id: agentId,
          metadata: { user_id: userId },
        });
        if (!call.access_token || !call.call_id)
          throw new VoiceProviderError('Retell answered without an access token');
        return { accessToken: call.access_token, callId: call.call_id };
      } catch (error) {
        if (error instanceof VoiceProviderError) throw error;
        if (error instanceof APIError)
          throw new VoiceProviderError('Retell refused to create the web call', {
            status: error.status,
          });
        throw new VoiceProviderError('Retell could not be reached');
      }
    },
    async isSignedByProvider({ rawBody, signature }): Promise<SignedRequest | false> {
      if (!signature) return false;
      // Retell signs with the API key: `v=<ms>,d=<HMAC-SHA256 of body + ms>`; the SDK refuses a
      // time more than five minutes away from now (its own clock, so this one too).
      if (!(await Retell.verify(rawBody, apiKey, signature).catch(() => false))) return false;
      const [, signedAt, digest] = SIGNATURE_FORMAT.exec(signature) ?? [];
      if (!signedAt || !digest || Number(signedAt) > Date.now() + SIGNATURE_MAX_AHEAD_MS)
        return false;
      // The digest alone names body and time; the SDK reads its hex in either case and the time
      // with leading zeros, so the key is the digest's bytes, not the header's text.
      return {
        replayKey: crypto.createHash('sha256').update(Buffer.from(digest, 'hex')).digest('hex'),
        acceptedUntil: new Date(Number(signedAt) + SIGNATURE_MAX_AGE_MS),
      };
    },
  };
}
