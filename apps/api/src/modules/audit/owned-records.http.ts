import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TAuditAction } from '@portal/shared/audit';
import { ZApiError } from '../../lib/api-error-schema.ts';
import type { Actor } from '../audit/owned-records.ts';

/**
 * What every patient sub-resource (allergies, prescriptions, visits, …) shares over HTTP: the
 * path parameters, the `If-Match` header, the common errors and the actor of a request.
 */

export const ZPatientParams = z.object({
  id: z.string().max(200).describe('The patient `_id`'),
});

/** The item's own path parameter (`allergyId`, `visitId`): its description names the kind. */
export const ZItemId = (kind: string) => z.string().max(200).describe(`The ${kind} \`_id\``);

/** `answer` says what a stale version gets: 'a changed record then answers 409'. */
export const ZIfMatch = (answer: string) =>
  z.object({
    'if-match': z
      .string()
      .optional()
      .describe(`The \`ETag\` of the version being changed; ${answer}`),
  });

/** 404: the patient's, or the item's, `…_NOT_FOUND` (someone else's is missing too). */
export const patientResourceErrors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

export async function actorOf(request: FastifyRequest): Promise<Actor> {
  return { actorId: await request.currentUserId(), requestId: request.id };
}

/** How a sub-resource records a body that validation refused: ids as given, never the body. */
export type RecordInvalidAttempt = (attempt: {
  actor: Actor;
  action: TAuditAction;
  patientId?: string;
  id?: string;
}) => Promise<void>;

/** A body refused by validation (say, an injected owner id) still leaves an audit event. */
export function auditInvalidBody(
  recordInvalidAttempt: RecordInvalidAttempt,
  idParam: string,
  action: TAuditAction,
) {
  return async (request: FastifyRequest, _reply: unknown, error: FastifyError) => {
    if (error.code !== 'FST_ERR_VALIDATION' || error.validationContext !== 'body') return;
    try {
      const params = (request.params ?? {}) as Record<string, string | undefined>;
      await recordInvalidAttempt({
        actor: await actorOf(request),
        action,
        patientId: params.id,
        id: params[idParam],
      });
    } catch (auditError) {
      request.log.error({ err: auditError }, 'audit of an invalid attempt failed');
    }
  };
}
