import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConnectVoiceInput,
  ZConnectVoiceResponse,
  ZVoiceCallActions,
  ZVoiceCallId,
} from '@portal/shared/voice';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { chooseLanguage } from '../../plugins/prerendered-pages.ts';
import { VOICE_LANGUAGES, type TVoiceLanguage } from './voice-functions.messages.ts';
import type { VoiceService } from './voice.service.ts';

/** Calls a user may start per minute: each one is a billed call with the voice provider. */
export const VOICE_CALLS_PER_MINUTE = 5;
/**
 * Reads of a call's actions a user may make per minute: the panel asks every few seconds while
 * a call is live (20 a minute), with room for a second tab.
 */
export const VOICE_ACTIONS_READS_PER_MINUTE = 60;
export const VOICE_ACTIONS_POLL_SECONDS = 3;

export function voiceRoutes(app: FastifyInstance, { calls }: { calls: VoiceService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/retellai/connect-retellai',
    {
      schema: {
        tags: ['voice'],
        summary:
          'Starts a voice call with the configured AI agent: a short-lived access token for the browser',
        description: `The \`agent_id\` must be the configured one (see \`voice.agentId\` in \`GET /api/config\`). At most ${VOICE_CALLS_PER_MINUTE} calls per user per minute. 503 when the voice assistant is not configured. The new call is bound to the signed-in user (with the agent, the start time and the session's language, from the \`lang\` cookie or Accept-Language): the agent's functions act for that user alone, until the call ends or for two hours at most.`,
        body: ZConnectVoiceInput,
        response: {
          200: ZConnectVoiceResponse,
          400: ZApiError,
          429: ZApiError,
          502: ZApiError,
          503: ZApiError,
        },
      },
      config: {
        rateLimit: {
          max: VOICE_CALLS_PER_MINUTE,
          timeWindow: '1 minute',
          // Per signed-in user (the auth hook has verified the token before this runs).
          keyGenerator: (request) => `voice:${request.identity?.uid ?? request.ip}`,
          // The plugin's default error has no code; this one renders as RATE_LIMITED.
          errorResponseBuilder: () => new AppError('RATE_LIMITED'),
        },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return calls.connectWebCall({
        agentId: request.body.agent_id,
        userId: user.id,
        language: chooseLanguage([...VOICE_LANGUAGES], {
          cookie: request.headers.cookie,
          acceptLanguage: request.headers['accept-language'],
        }) as TVoiceLanguage,
        log: request.log,
      });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/retellai/calls/:callId/actions',
    {
      schema: {
        tags: ['voice'],
        summary: 'What the assistant did during one of your calls: bookings and cancellations',
        description: `The voice panel asks every ${VOICE_ACTIONS_POLL_SECONDS} seconds while a call is live, and once more when it ends (an ended call still lists what it did). Only the signed-in user's own call: another user's call id, or an unknown one, is 404. Each action is a booking or a cancellation made by the call's functions (read from the audit events marked with the call's id), oldest first, with the patient's current name and the appointment's start; \`timeZone\` is the practitioner's, the clock the agenda shows. At most ${VOICE_ACTIONS_READS_PER_MINUTE} reads per user per minute. Never cached (\`Cache-Control: no-store\`).`,
        params: z.object({ callId: ZVoiceCallId }),
        response: { 200: ZVoiceCallActions, 400: ZApiError, 404: ZApiError, 429: ZApiError },
      },
      config: {
        rateLimit: {
          max: VOICE_ACTIONS_READS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `voice-actions:${request.identity?.uid ?? request.ip}`,
          errorResponseBuilder: () => new AppError('RATE_LIMITED'),
        },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return calls.findCallActions({ callId: request.params.callId, user });
    },
  );
}
