import type { FastifyBaseLogger } from 'fastify';
import type { TConnectVoiceResponse } from '@portal/shared/voice';
import { AppError } from '../../lib/app-error.ts';
import { VoiceProviderError, type VoiceProvider } from '../../providers/voice/voice.ts';

/** Voice calls with the configured provider (null when none is configured), created once per app. */
export function createVoiceService({ voice }: { voice: VoiceProvider | null }) {
  return {
    /**
     * Creates a web call with the configured agent for a signed-in user. Only the user's id goes
     * into the call metadata; the answer carries the short-lived access token, never the API key.
     */
    async connectWebCall({
      agentId,
      userId,
      log,
    }: {
      agentId: string;
      userId: string;
      log: FastifyBaseLogger;
    }): Promise<TConnectVoiceResponse> {
      if (!voice) throw new AppError('VOICE_NOT_CONFIGURED');
      if (agentId !== voice.agentId) {
        throw new AppError('VOICE_AGENT_MISMATCH', {
          fieldErrors: { agent_id: 'This voice agent is not available.' },
        });
      }
      try {
        const call = await voice.createWebCall({ userId });
        log.info({ callId: call.callId }, 'voice call created');
        return { access_token: call.accessToken, call_id: call.callId };
      } catch (error) {
        if (!(error instanceof VoiceProviderError)) throw error;
        // The upstream status only: its body could echo request details.
        log.warn({ provider: voice.name, upstreamStatus: error.status ?? null }, error.message);
        throw new AppError('VOICE_CALL_FAILED');
      }
    },
  };
}
