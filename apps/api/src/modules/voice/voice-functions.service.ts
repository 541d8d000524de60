import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DbAndClock } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAppointmentService } from '../appointments/appointments.service.ts';
import { createPatientService } from '../patients/patients.service.ts';
import { findUserById } from '../users/users.repository.ts';
import { VOICE_FUNCTION_ARGS, VOICE_FUNCTION_NAMES } from './voice-agent.definition.ts';
import { callerTimeZone, createVoiceActions, type VoiceAnswer } from './voice-functions.actions.ts';
import { findPatientsByName } from './voice-patients.repository.ts';
import { isVoiceLanguage, VOICE_SENTENCES } from './voice-functions.messages.ts';
import { endVoiceCall, findVoiceCall, linkRequestToCall } from './voice-calls.repository.ts';

/** A call's functions stop acting two hours after it started, whether or not Retell said it ended. */
export const VOICE_CALL_MAX_MS = 2 * 60 * 60 * 1000;

/** What Retell posts to a custom function: its name, the call, and the arguments the LLM chose. */
export const ZVoiceFunctionRequest = z.object({
  name: z.enum(VOICE_FUNCTION_NAMES, { error: 'name must be one of the agent functions.' }),
  call: z.object({
    call_id: z.string().min(1).max(200),
    agent_id: z.string().min(1).max(200),
  }),
  args: z.record(z.string(), z.unknown()).default({}),
});

/** Retell's webhook: only `call_ended` changes anything here. */
export const ZVoiceWebhookEvent = z.object({
  event: z.string().max(100),
  call: z.object({ call_id: z.string().min(1).max(200) }),
});

/** The agent's functions, acting for the user the call is bound to, through the portal's services. */
export function createVoiceFunctionService({
  db,
  agentId,
  now = systemClock,
}: DbAndClock & {
  agentId: string;
}) {
  const actions = createVoiceActions({
    patients: createPatientService({ db, now }),
    appointments: createAppointmentService({ db, now }),
    findPatientsByName: (input) => findPatientsByName(db, input),
    now,
  });

  /** 403 unless the call is bound, live, under two hours old and made with this agent. */
  async function liveBinding(call: { call_id: string; agent_id: string }) {
    const binding = await findVoiceCall(db, call.call_id);
    const reason = !binding
      ? 'unknown call'
      : binding.endedAt
        ? 'ended call'
        : now().getTime() - binding.startedAt.getTime() > VOICE_CALL_MAX_MS
          ? 'call over two hours old'
          : binding.agentId !== call.agent_id || binding.agentId !== agentId
            ? 'other agent'
            : null;
    return { binding, reason };
  }

  return {
    liveBinding,

    async run({
      request,
      requestId,
      log,
    }: {
      request: z.output<typeof ZVoiceFunctionRequest>;
      requestId: string;
      log: FastifyBaseLogger;
    }): Promise<VoiceAnswer> {
      const { binding, reason } = await liveBinding(request.call);
      if (!binding || reason) {
        log.warn({ reason, function: request.name }, 'voice function refused');
        throw new AppError('VOICE_CALL_NOT_BOUND');
      }
      const user = await findUserById(db, binding.userId);
      if (!user) throw new AppError('VOICE_CALL_NOT_BOUND');
      const language = isVoiceLanguage(binding.language) ? binding.language : 'en';
      // A non-member's call can talk; its functions only say what premium would add.
      if (!user.isPremium)
        return {
          message: VOICE_SENTENCES[language].premiumOnly({}),
          data: { status: 'premier_required' },
        };
      const caller = {
        actor: { actorId: user.id, requestId },
        language,
        timeZone: callerTimeZone(user.timeZone),
      };
      const parsed = VOICE_FUNCTION_ARGS[request.name].safeParse(request.args);
      if (!parsed.success)
        return {
          message: VOICE_SENTENCES[language].invalidArguments({}),
          data: {
            status: 'invalid_arguments',
            fieldErrors: Object.fromEntries(
              parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
            ),
          },
        };
      // The audit events the services write for this request are marked with the call's id.
      await linkRequestToCall(db, { requestId, callId: binding.callId });
      log.info({ function: request.name, callId: binding.callId }, 'voice function ran');
      const args = parsed.data as never;
      return actions[request.name](caller, args);
    },

    /** Retell's `call_ended`: the call's functions stop acting. */
    async endCall(callId: string): Promise<boolean> {
      return endVoiceCall(db, callId, now());
    },
  };
}

export type VoiceFunctionService = ReturnType<typeof createVoiceFunctionService>;
