import Retell, { APIError } from 'retell-sdk';
import { VoiceProviderError, type VoiceProvider, type WebCall } from './voice.ts';

const DEFAULT_BASE_URL = 'https://api.retellai.com';

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
    async isSignedByProvider({ rawBody, signature }): Promise<boolean> {
      if (!signature) return false;
      // Retell signs with the API key: `v=<ms>,d=<HMAC-SHA256 of body + ms>`; the SDK refuses a
      // time more than five minutes away from now.
      return Retell.verify(rawBody, apiKey, signature).catch(() => false);
    },
  };
}
