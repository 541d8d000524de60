import type { FastifyBaseLogger } from 'fastify';
import type { TConnectVoiceResponse, TVoiceCallActions } from '@portal/shared/voice';
import type { DbAndClock } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { VoiceProviderError, type VoiceProvider } from '../../providers/voice/voice.ts';
import { bindVoiceCall, findCallActions, findVoiceCall } from './voice-calls.repository.ts';
import { callerTimeZone } from './voice-functions.actions.ts';
import type { TVoiceLanguage } from './voice-functions.messages.ts';
import { VOICE_CALL_MAX_MS } from './voice-functions.service.ts';

/** Voice calls with the configured provider (null when none is configured), created once per app. */
export function createVoiceService({
  voice,
  db,
  now = systemClock,
}: DbAndClock & {
  voice: VoiceProvider | null;
}) {
  return {
    /**
     * Creates a web call with the configured agent for a signed-in user and binds the call to
     * that user (the agent's functions act for them alone). Only the user's id goes into the
     * call metadata; the answer carries the short-lived access token, never the API key.
     */
    async connectWebCall({
      agentId,
      userId,
      language,
      log,
    }: {
      agentId: string;
      userId: string;
      /** The portal's language of the caller's session: the functions answer in it. */
      language: TVoiceLanguage;
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
        await bindVoiceCall(db, {
          callId: call.callId,
          userId,
          agentId: voice.agentId,
          language,
          startedAt: now(),
        });
        log.info({ callId: call.callId }, 'voice call created');
        return { access_token: call.accessToken, call_id: call.callId };
      } catch (error) {
        if (!(error instanceof VoiceProviderError)) throw error;
        // The upstream status only: its body could echo request details.
        log.warn({ provider: voice.name, upstreamStatus: error.status ?? null }, error.message);
        throw new AppError('VOICE_CALL_FAILED');
      }
    },

    /**
     * What the user's own call did (bookings, cancellations), ended or not: someone else's call
     * or an unknown id is the same 404. Times are for the practitioner's clock, as on the agenda.
     */
    async findCallActions({
      callId,
      user,
    }: {
      callId: string;
      user: Pick<UserRow, 'id' | 'timeZone'>;
    }): Promise<TVoiceCallActions> {
      const call = await findVoiceCall(db, callId);
      if (!call || call.userId !== user.id) throw new AppError('NOT_FOUND');
      const rows = await findCallActions(db, { callId, userId: user.id });
      // Cancelling twice is answered (and audited) twice; it was done once.
      const seen = new Set<string>();
      const actions = rows.flatMap((row) => {
        const kind = row.action === 'create' ? ('booked' as const) : ('cancelled' as const);
        const key = `${kind} ${row.appointmentId}`;
        if (seen.has(key)) return [];
        seen.add(key);
        return [
          {
            kind,
            appointmentId: row.appointmentId,
            patientName: row.patientName,
            start: row.startsAt.toISOString(),
            at: row.at.toISOString(),
          },
        ];
      });
      return {
        timeZone: callerTimeZone(user.timeZone),
        isEnded:
          call.endedAt !== null || now().getTime() - call.startedAt.getTime() > VOICE_CALL_MAX_MS,
        actions,
      };
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
