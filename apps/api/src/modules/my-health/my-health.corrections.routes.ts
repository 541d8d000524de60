import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCorrection, ZCorrectionRequestBody } from '@portal/shared/correction';
import { itemsOf, ZPatientParams } from '@portal/shared/my-health';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import { LINK_GATE, LINK_GATE_ERRORS, MY_HEALTH_TAGS } from './my-health.openapi.ts';
import type { MyCorrectionService } from './my-health.corrections.ts';

const TAGS = MY_HEALTH_TAGS;
const BASE = '/api/me/patients/:patientId/corrections';
const GATE = LINK_GATE;
const errors = LINK_GATE_ERRORS;

/** `/api/me/patients/{patientId}/corrections`: a linked person's correction requests (HTTP only). */
export function myCorrectionRoutes(
  app: FastifyInstance,
  { corrections }: { corrections: MyCorrectionService },
) {
  const zod = app.withTypeProvider<ZodTypeProvider>();

  zod.get(
    BASE,
    {
      schema: {
        tags: TAGS,
        summary:
          'The correction requests made on this record by any of the people linked to it, newest first, each with its status and the practitioner’s answer (at most 500)',
        description: GATE,
        params: ZPatientParams,
        response: { 200: itemsOf(ZCorrection), ...errors },
      },
    },
    async (request) =>
      corrections.findCorrections({
        actor: await actorOf(request),
        patientId: request.params.patientId,
      }),
  );

  zod.post(
    BASE,
    {
      schema: {
        tags: TAGS,
        summary:
          'Ask the practitioner to correct something in the record: free `text`, and `about` an item you can see here (an appointment, a signed visit, an allergy, prescription, immunization or active care plan), the patient’s own details (`{ kind: "patient", id: null }`) or the record in general (null). Anything else in `about` is 400 `VALIDATION_FAILED` on `about`; 20 requests waiting for an answer is 409 `CORRECTION_LIMIT`. The practitioner is e-mailed that a request came (no content); the record changes only when they edit it',
        description: GATE,
        params: ZPatientParams,
        body: ZCorrectionRequestBody,
        response: {
          201: ZCorrection,
          ...errors,
          409: ZApiError.describe('`CORRECTION_LIMIT`: 20 requests of this record are open'),
        },
      },
    },
    async (request, reply) => {
      const created = await corrections.requestCorrection({
        actor: await actorOf(request),
        patientId: request.params.patientId,
        input: request.body,
        logMailError: (error) => request.log.warn({ err: error }, 'correction e-mail not sent'),
      });
      return reply.code(201).send(created);
    },
  );
}
