import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import type { TAuditAction } from '@portal/shared/audit';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { etagOf } from '../../lib/etag.ts';
import type { Actor } from './owned-records.ts';

/**
 * What the routes of every owner-scoped, audited record (patients, appointments, reminders and
 * the patient sub-resources: visits and the patient-owned kinds) share over HTTP: the id path
 * parameters, the `If-Match` header, the common errors, the actor of a request and the audit of
 * a body that validation refused.
 */

/** A record's id path parameter (`id`, `visitId`): its description names the kind. */
export const ZItemId = (kind: string) => z.string().max(200).describe(`The ${kind} \`_id\``);

/** The path parameters of a record addressed by `id` (a patient, an appointment, a reminder). */
export const ZRecordParams = (kind: string) => z.object({ id: ZItemId(kind) });

/** A patient's, also the path parameter of every patient sub-resource (`…/patients/{id}/…`). */
export const ZPatientParams = ZRecordParams('patient');

/**
 * `answer` says what a stale version gets: 'a changed record then answers 409'; `change` names
 * what the version is being put through ('edited' for a patient, whose form edits it).
 */
export const ZIfMatch = (answer: string, change = 'changed') =>
  z.object({
    'if-match': z
      .string()
      .optional()
      .describe(`The \`ETag\` of the version being ${change}; ${answer}`),
  });

/** 404: the record's (or its patient's) `…_NOT_FOUND` (someone else's is missing too). */
export const ownedRecordErrors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

export async function actorOf(request: FastifyRequest): Promise<Actor> {
  return { actorId: await request.currentUserId(), requestId: request.id };
}

/** How a record kind records a body that validation refused: ids as given, never the body. */
export type RecordInvalidAttempt<Action extends TAuditAction = TAuditAction> = (attempt: {
  actor: Actor;
  action: Action;
  patientId?: string;
  id?: string;
}) => Promise<void>;

/**
 * A body refused by validation (say, an injected owner id) still leaves an audit event. `params`
 * names the path parameters of the record (`id`; a sub-resource's `visitId`) and, under a
 * patient, of its patient (`id`).
 */
export function auditInvalidBody<Action extends TAuditAction>(
  recordInvalidAttempt: RecordInvalidAttempt<Action>,
  params: { id: string; patientId?: string },
  action: Action,
) {
  return async (request: FastifyRequest, _reply: unknown, error: FastifyError) => {
    if (error.code !== 'FST_ERR_VALIDATION' || error.validationContext !== 'body') return;
    try {
      const values = (request.params ?? {}) as Record<string, string | undefined>;
      await recordInvalidAttempt({
        actor: await actorOf(request),
        action,
        ...(params.patientId && { patientId: values[params.patientId] }),
        id: values[params.id],
      });
    } catch (auditError) {
      request.log.error({ err: auditError }, 'audit of an invalid attempt failed');
    }
  };
}

/** Who reads or replaces one record, and which. */
interface RecordPlace {
  actor: Actor;
  id: string;
}

/**
 * Read (GET) and replace (PUT, with `If-Match`) of one owned record at `path` (`…/:id`), in this
 * order, HTTP only: each is one service call answering the record with its `ETag`; a replacing
 * body refused by validation is audited as an invalid `update`.
 */
export function recordReadReplaceRoutes<
  Item extends { updatedAt: string },
  Input extends z.ZodType,
>(
  app: FastifyInstance,
  definition: {
    path: string;
    tags: string[];
    params: z.ZodType;
    item: z.ZodType;
    input: Input;
    ifMatch: z.ZodType;
    summaries: { read: string; replace: string };
    /** What a replace answers with 409 (a stale version, a business rule). */
    conflict: z.ZodType;
    /** Further options of both routes (the patients' `serializerCompiler` and `preValidation`). */
    options?: Pick<RouteShorthandOptions, 'serializerCompiler' | 'preValidation'>;
    recordInvalidAttempt: RecordInvalidAttempt<'update'>;
    read(place: RecordPlace): Promise<Item>;
    replace(change: RecordPlace & { input: z.infer<Input>; ifMatch?: string }): Promise<Item>;
  },
) {
  const { path, tags, params, item, options } = definition;
  const placeOf = async (request: FastifyRequest) => ({
    actor: await actorOf(request),
    id: (request.params as { id: string }).id,
  });
  const sendRecord = (reply: FastifyReply, record: Item) =>
    reply.header('etag', etagOf(record)).send(record);

  app.get(
    path,
    {
      schema: {
        tags,
        summary: definition.summaries.read,
        params,
        response: { 200: item, ...ownedRecordErrors },
      },
      ...options,
    },
    async (request, reply) => sendRecord(reply, await definition.read(await placeOf(request))),
  );

  app.put(
    path,
    {
      schema: {
        tags,
        summary: definition.summaries.replace,
        params,
        headers: definition.ifMatch,
        body: definition.input,
        response: { 200: item, ...ownedRecordErrors, 409: definition.conflict },
      },
      ...options,
      onError: auditInvalidBody(definition.recordInvalidAttempt, { id: 'id' }, 'update'),
    },
    async (request, reply) => {
      const replaced = await definition.replace({
        ...(await placeOf(request)),
        input: request.body as z.infer<Input>,
        ifMatch: (request.headers as { 'if-match'?: string })['if-match'],
      });
      return sendRecord(reply, replaced);
    },
  );
}
