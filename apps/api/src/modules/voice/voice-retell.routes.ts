import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import type { VoiceProvider } from '../../providers/voice/voice.ts';
import {
  VOICE_FUNCTION_NAMES,
  VOICE_FUNCTIONS_PATH,
  VOICE_WEBHOOK_PATH,
} from './voice-agent.definition.ts';
import {
  VOICE_CALL_MAX_MS,
  ZVoiceFunctionRequest,
  ZVoiceWebhookEvent,
  type VoiceFunctionService,
} from './voice-functions.service.ts';
import { recordVoiceSignature } from './voice-signatures.repository.ts';

/** Function calls one voice call may make per minute: a conversation needs a few. */
export const VOICE_FUNCTION_CALLS_PER_MINUTE = 30;
const SIGNATURE_HEADER = 'x-retell-signature';

/**
 * The request ids of the function route carry a prefix, so the database's audit trigger (0005)
 * looks for a voice call only for those requests and costs nothing on every other audit row.
 */
export const isVoiceFunctionsUrl = (url: string | undefined) =>
  url?.split('?')[0] === VOICE_FUNCTIONS_PATH;

const ZVoiceAnswer = z.object({
  message: z.string().describe('One short sentence in the caller’s language, for the agent to say'),
  data: z.record(z.string(), z.unknown()).describe('Structured data for the agent'),
});

/**
 * What Retell sends the portal: its webhook and the agent's custom functions. Both are public
 * (no ID token): each request must carry Retell's signature over the exact body (so this scope
 * takes bodies raw), at most five minutes old and at most a minute ahead, and used once: a
 * signature seen before (on any instance) is refused, so a captured request cannot be resent.
 * A refusal is logged with its reason, never with the body.
 */
export function retellRoutes(
  scope: FastifyInstance,
  {
    voice,
    db,
    functions,
  }: { voice: VoiceProvider | null; db: Db; functions: VoiceFunctionService | null },
) {
  // Answers name patients and appointments, and refusals are no one's to keep: never cached.
  scope.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const callKeys = new WeakMap<FastifyRequest, string>();
  const countFunctionCall = scope.createRateLimit({
    max: VOICE_FUNCTION_CALLS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `voice-call:${callKeys.get(request) ?? ''}`,
  });

  /**
   * The signed body, parsed by `schema`; 401 (unsigned, tampered, old, ahead, replayed) or 400
   * (not the shape).
   */
  async function signedBody<Schema extends z.ZodType>(request: FastifyRequest, schema: Schema) {
    if (!voice) throw new AppError('VOICE_NOT_CONFIGURED');
    const rawBody = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    const header = request.headers[SIGNATURE_HEADER];
    const signature = typeof header === 'string' ? header : undefined;
    const signed = await voice.isSignedByProvider({ rawBody, signature });
    if (!signed) {
      request.log.warn(
        { reason: signature ? 'signature invalid, too old or ahead' : 'signature missing' },
        'voice request refused',
      );
      throw new AppError('VOICE_SIGNATURE_INVALID');
    }
    // The real time, not the app's clock: the signature's window is measured on it.
    if (!(await recordVoiceSignature(db, { ...signed, now: new Date() }))) {
      request.log.warn({ reason: 'signature already used' }, 'voice request refused');
      throw new AppError('VOICE_SIGNATURE_INVALID');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new AppError('BAD_REQUEST', { message: 'The body is not JSON.' });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', {
        fieldErrors: Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        ),
      });
    return parsed.data as z.output<Schema>;
  }

  const typed = scope.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ZApiError, 401: ZApiError, 503: ZApiError };

  typed.post(
    VOICE_FUNCTIONS_PATH,
    {
      schema: {
        tags: ['voice'],
        summary: "The voice agent's functions, called by Retell during a call",
        description: `Retell posts \`{ name, call, args }\` signed with \`x-retell-signature\` (the API key's HMAC over the raw body and a time; unsigned, tampered, over 5 minutes old, over 60 seconds ahead or a signature already used once: 401, nothing done). \`name\` is one of ${VOICE_FUNCTION_NAMES.map((name) => `\`${name}\``).join(', ')}. The call must be one \`POST /api/retellai/connect-retellai\` started, not ended (Retell's \`call_ended\`) nor over ${VOICE_CALL_MAX_MS / 3_600_000} hours old, with the same agent: otherwise 403. At most ${VOICE_FUNCTION_CALLS_PER_MINUTE} calls per voice call per minute. Each function acts for the call's user alone, through the same services, owner scoping and audit as the web app (its audit events carry the call's id). A non-member's functions answer that booking by voice is part of Premier. Booking and cancelling change nothing without \`args.confirmed: true\`: they answer the summary to read back. Every answer is one short sentence in the caller's session language plus structured data.`,
        security: [],
        response: {
          200: ZVoiceAnswer,
          ...errors,
          403: ZApiError,
          429: ZApiError,
        },
      },
      config: { isPublic: true },
    },
    async (request) => {
      const body = await signedBody(request, ZVoiceFunctionRequest);
      callKeys.set(request, body.call.call_id);
      const limit = await countFunctionCall(request);
      if (!limit.isAllowed && limit.isExceeded)
        throw new AppError('RATE_LIMITED', {
          headers: { 'retry-after': String(Math.max(1, limit.ttlInSeconds)) },
        });
      return functions!.run({ request: body, requestId: request.id, log: request.log });
    },
  );

  typed.post(
    VOICE_WEBHOOK_PATH,
    {
      schema: {
        tags: ['voice'],
        summary: "Retell's signed call events: `call_ended` ends the call's functions",
        description:
          'Signed like the functions (`x-retell-signature`, at most 5 minutes old, at most 60 seconds ahead, each signature used once; otherwise 401). Other events are acknowledged and ignored.',
        security: [],
        response: { 200: z.object({ received: z.literal(true) }), ...errors },
      },
      config: { isPublic: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      const event = await signedBody(request, ZVoiceWebhookEvent);
      if (event.event === 'call_ended') {
        const ended = await functions!.endCall(event.call.call_id);
        request.log.info({ callId: event.call.call_id, ended }, 'voice call ended');
      }
      return { received: true as const };
    },
  );
}
