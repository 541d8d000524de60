import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import type { VoiceProvider } from '../../providers/voice/voice.ts';
import { createVoiceFunctionService } from './voice-functions.service.ts';
import { retellRoutes } from './voice-retell.routes.ts';
import { voiceRoutes } from './voice.routes.ts';
import { createVoiceService } from './voice.service.ts';

/**
 * The voice assistant in its own encapsulated context: the user's calls, and what Retell posts
 * (its functions and webhook) in a context of its own, which takes bodies raw. Without a voice
 * provider the routes exist and answer 503 `VOICE_NOT_CONFIGURED`.
 */
export async function voicePlugin(
  app: FastifyInstance,
  { db, now, voice }: DbAndClock & { voice: VoiceProvider | null },
) {
  voiceRoutes(app, { calls: createVoiceService({ voice, db, now }) });
  const functions = voice ? createVoiceFunctionService({ db, agentId: voice.agentId, now }) : null;
  await app.register(async (scope) => retellRoutes(scope, { voice, db, functions }));
}
