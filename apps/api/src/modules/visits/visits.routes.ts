import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAuditAction } from '@portal/shared/audit';
import { ZAddendumInput, ZVisit, ZVisitInput, ZVisitListQuery } from '@portal/shared/visit';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { etagOf } from '../../lib/etag.ts';
import { sendPageHeaders } from '../../lib/paging.ts';
import type { Actor, VisitService } from './visits.service.ts';

const ZPatientParams = z.object({
  id: z.string().max(200).describe('The patient `_id`'),
});
const ZVisitParams = ZPatientParams.extend({
  visitId: z.string().max(200).describe('The visit `_id`'),
});
const ZIfMatch = z.object({
  'if-match': z
    .string()
    .optional()
    .describe('The `ETag` of the version being changed; a changed visit then answers 412'),
});
/** 404: `PATIENT_NOT_FOUND` or `VISIT_NOT_FOUND` (someone else's is missing too). */
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const signed = ZApiError.describe('`VISIT_SIGNED`: a signed visit takes addenda only');
const changed = ZApiError.describe(
  '`VISIT_CHANGED`: the `If-Match` version is not the current one',
);
const closing = ZApiError.describe(
  '`VISIT_SIGNED`, or `APPOINTMENT_NOT_OPEN`: the appointment to close was cancelled or missed',
);

async function actorOf(request: FastifyRequest): Promise<Actor> {
  return { actorId: await request.currentUserId(), requestId: request.id };
}

/** A patient's visits under /api/records/patients/{id}/visits (HTTP only). */
export function visitRoutes(app: FastifyInstance, { visits }: { visits: VisitService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['visits'];
  const base = '/api/records/patients/:id/visits';

  /** A body refused by validation (say, an injected owner id) still leaves an audit event. */
  const auditInvalidBody =
    (action: TAuditAction) =>
    async (request: FastifyRequest, _reply: unknown, error: FastifyError) => {
      if (error.code !== 'FST_ERR_VALIDATION' || error.validationContext !== 'body') return;
      try {
        const { id, visitId } = (request.params ?? {}) as { id?: string; visitId?: string };
        await visits.recordInvalidAttempt({
          actor: await actorOf(request),
          action,
          patientId: id,
          visitId,
        });
      } catch (auditError) {
        request.log.error({ err: auditError }, 'audit of an invalid attempt failed');
      }
    };

  typed.get(
    base,
    {
      schema: {
        tags,
        summary:
          'The patient\'s visits, newest first, with their addenda; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
        params: ZPatientParams,
        querystring: ZVisitListQuery,
        response: { 200: z.array(ZVisit), ...errors },
      },
    },
    async (request, reply) => {
      const page = await visits.findVisits({
        actor: await actorOf(request),
        patientId: request.params.id,
        ...request.query,
      });
      sendPageHeaders(request, reply, page);
      return page.items;
    },
  );

  typed.post(
    base,
    {
      schema: {
        tags,
        summary:
          'Record a visit: SOAP notes and vital signs (BMI is computed); with `appointmentId`, that appointment of the patient is marked fulfilled',
        params: ZPatientParams,
        body: ZVisitInput,
        response: {
          201: ZVisit,
          ...errors,
          409: ZApiError.describe(
            '`APPOINTMENT_NOT_OPEN`: the appointment was cancelled or missed',
          ),
        },
      },
      onError: auditInvalidBody('create'),
    },
    async (request, reply) => {
      const visit = await visits.createVisit({
        actor: await actorOf(request),
        patientId: request.params.id,
        input: request.body,
      });
      return reply.code(201).header('etag', etagOf(visit)).send(visit);
    },
  );

  typed.get(
    `${base}/:visitId`,
    {
      schema: {
        tags,
        summary: 'One visit of the patient, with its addenda and its `ETag`',
        params: ZVisitParams,
        response: { 200: ZVisit, ...errors },
      },
    },
    async (request, reply) => {
      const visit = await visits.getVisit({
        actor: await actorOf(request),
        patientId: request.params.id,
        visitId: request.params.visitId,
      });
      return reply.header('etag', etagOf(visit)).send(visit);
    },
  );

  typed.put(
    `${base}/:visitId`,
    {
      schema: {
        tags,
        summary:
          'Replace an unsigned visit; 409 `VISIT_SIGNED` once signed (add an addendum instead); with `If-Match`, 412 `VISIT_CHANGED` if it changed meanwhile',
        params: ZVisitParams,
        headers: ZIfMatch,
        body: ZVisitInput,
        response: { 200: ZVisit, ...errors, 409: closing, 412: changed },
      },
      onError: auditInvalidBody('update'),
    },
    async (request, reply) => {
      const visit = await visits.updateVisit({
        actor: await actorOf(request),
        patientId: request.params.id,
        visitId: request.params.visitId,
        input: request.body,
        ifMatch: request.headers['if-match'],
      });
      return reply.header('etag', etagOf(visit)).send(visit);
    },
  );

  typed.post(
    `${base}/:visitId/sign`,
    {
      schema: {
        tags,
        summary:
          'Sign a visit: from then on it is never changed, only corrected by addenda; 409 `VISIT_SIGNED` if it already is; with `If-Match`, 412 `VISIT_CHANGED` if it changed meanwhile',
        params: ZVisitParams,
        headers: ZIfMatch,
        response: { 200: ZVisit, ...errors, 409: signed, 412: changed },
      },
    },
    async (request, reply) => {
      const visit = await visits.signVisit({
        actor: await actorOf(request),
        patientId: request.params.id,
        visitId: request.params.visitId,
        ifMatch: request.headers['if-match'],
      });
      return reply.header('etag', etagOf(visit)).send(visit);
    },
  );

  typed.post(
    `${base}/:visitId/addenda`,
    {
      schema: {
        tags,
        summary:
          'Add an addendum (a correction or addition, with its author and time) to a signed visit; 409 `VISIT_NOT_SIGNED` while it is a draft. Answers the whole visit',
        params: ZVisitParams,
        body: ZAddendumInput,
        response: {
          201: ZVisit,
          ...errors,
          409: ZApiError.describe('`VISIT_NOT_SIGNED`: a draft is edited, not amended'),
        },
      },
      onError: auditInvalidBody('addendum'),
    },
    async (request, reply) => {
      const visit = await visits.addAddendum({
        actor: await actorOf(request),
        patientId: request.params.id,
        visitId: request.params.visitId,
        text: request.body.text,
      });
      return reply.code(201).header('etag', etagOf(visit)).send(visit);
    },
  );
}
