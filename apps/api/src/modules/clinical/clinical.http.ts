import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZApiError } from '../../lib/api-error-schema.ts';
import type { Actor, ClinicalKind, ClinicalRefusals } from './clinical.refusals.ts';

/** What the allergy and prescription routes share: parameters, headers, errors, the actor. */

export const ZPatientParams = z.object({
  id: z.string().max(200).describe('The patient `_id`'),
});

/** The item's id, as the item's own parameter: the allergy's, the prescription's. */
export const ZItemId = (kind: ClinicalKind) => z.string().max(200).describe(`The ${kind} \`_id\``);

export const ZIfMatch = z.object({
  'if-match': z
    .string()
    .optional()
    .describe('The `ETag` of the version being changed; a changed record then answers 409'),
});

export const clinicalErrors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

export async function actorOf(request: FastifyRequest): Promise<Actor> {
  return { actorId: await request.currentUserId(), requestId: request.id };
}

/** A body refused by validation (say, an injected owner id) still leaves an audit event. */
export function auditInvalidBody(
  refusals: ClinicalRefusals,
  kind: ClinicalKind,
  action: 'create' | 'update' | 'stop',
) {
  return async (request: FastifyRequest, _reply: unknown, error: FastifyError) => {
    if (error.code !== 'FST_ERR_VALIDATION' || error.validationContext !== 'body') return;
    try {
      const params = (request.params ?? {}) as Record<string, string | undefined>;
      await refusals.recordInvalidAttempt({
        actor: await actorOf(request),
        kind,
        action,
        patientId: params.id,
        id: params[`${kind}Id`],
      });
    } catch (auditError) {
      request.log.error({ err: auditError }, 'audit of an invalid attempt failed');
    }
  };
}
