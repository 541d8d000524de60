import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCarePlan,
  ZCarePlanInput,
  ZCarePlanListQuery,
  ZOccurrence,
  ZOccurrenceMarkInput,
  ZOccurrenceQuery,
  ZToday,
} from '@portal/shared/care-plan';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { etagOf } from '../../lib/etag.ts';
import { sendPageHeaders } from '../../lib/paging.ts';
import {
  actorOf,
  auditInvalidBody,
  patientResourceErrors as errors,
  type RecordInvalidAttempt,
  ZIfMatch,
  ZItemId,
  ZPatientParams,
} from '../patient-resources/patient-resource.http.ts';
import type { ClinicalRefusals } from '../clinical/clinical.refusals.ts';
import { MEMBERS_ONLY } from '../premier/require-premium.ts';
import type { OccurrenceService } from './care-plans.occurrences.ts';
import type { CarePlanService } from './care-plans.service.ts';

const ZParams = ZPatientParams.extend({ carePlanId: ZItemId('carePlan') });

/** A patient's care plans under /api/records/patients/{id}/care-plans, and Today (HTTP only). */
export function carePlanRoutes(
  app: FastifyInstance,
  {
    carePlans,
    occurrences,
    refusals,
  }: { carePlans: CarePlanService; occurrences: OccurrenceService; refusals: ClinicalRefusals },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['care plans'];
  const recordInvalidCarePlan: RecordInvalidAttempt = (attempt) =>
    refusals.recordInvalidAttempt({ ...attempt, kind: 'carePlan' });
  const base = '/api/records/patients/:id/care-plans';

  typed.get(
    base,
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary:
          'One of my patients\' care plans, newest first; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
        params: ZPatientParams,
        querystring: ZCarePlanListQuery,
        response: { 200: z.array(ZCarePlan), ...errors },
      },
    },
    async (request, reply) => {
      const page = await carePlans.findCarePlans({
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
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary:
          'Create a care plan: title, goals (text, target date) and activities, once (`start`) or recurring (`rrule`, RFC 5545)',
        params: ZPatientParams,
        body: ZCarePlanInput,
        response: { 201: ZCarePlan, ...errors },
      },
      onError: auditInvalidBody(recordInvalidCarePlan, 'carePlanId', 'create'),
    },
    async (request, reply) => {
      const plan = await carePlans.createCarePlan({
        actor: await actorOf(request),
        patientId: request.params.id,
        input: request.body,
      });
      return reply.code(201).header('etag', etagOf(plan)).send(plan);
    },
  );

  typed.get(
    `${base}/:carePlanId`,
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary: 'One care plan of one of my patients, with its `ETag`',
        params: ZParams,
        response: { 200: ZCarePlan, ...errors },
      },
    },
    async (request, reply) => {
      const plan = await carePlans.getCarePlan({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.carePlanId,
      });
      return reply.header('etag', etagOf(plan)).send(plan);
    },
  );

  typed.put(
    `${base}/:carePlanId`,
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary:
          'Replace a care plan (goals and activities keep their `id`s when sent back); with `If-Match`, 409 `CARE_PLAN_CHANGED` if it changed meanwhile',
        params: ZParams,
        headers: ZIfMatch('a changed care plan then answers 409'),
        body: ZCarePlanInput,
        response: { 200: ZCarePlan, ...errors, 409: ZApiError },
      },
      onError: auditInvalidBody(recordInvalidCarePlan, 'carePlanId', 'update'),
    },
    async (request, reply) => {
      const plan = await carePlans.updateCarePlan({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.carePlanId,
        input: request.body,
        ifMatch: request.headers['if-match'],
      });
      return reply.header('etag', etagOf(plan)).send(plan);
    },
  );

  typed.get(
    `${base}/:carePlanId/occurrences`,
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary:
          "The occurrences of the plan's activities between `from` and `to` (default: 30 days back, 90 ahead; at most 366 days, 400 per activity), each due, overdue, upcoming, done or skipped",
        params: ZParams,
        querystring: ZOccurrenceQuery,
        response: { 200: z.array(ZOccurrence), ...errors },
      },
    },
    async (request) =>
      occurrences.listOccurrences({
        actor: await actorOf(request),
        patientId: request.params.id,
        carePlanId: request.params.carePlanId,
        ...request.query,
      }),
  );

  typed.put(
    `${base}/:carePlanId/occurrences`,
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary:
          'Mark one occurrence done or skipped (by me, now), or `due` to take the mark back; 404 `OCCURRENCE_NOT_FOUND` when the activity does not occur that day',
        params: ZParams,
        body: ZOccurrenceMarkInput,
        response: { 200: ZOccurrence, ...errors },
      },
      onError: auditInvalidBody(recordInvalidCarePlan, 'carePlanId', 'update'),
    },
    async (request) =>
      occurrences.markOccurrence({
        actor: await actorOf(request),
        patientId: request.params.id,
        carePlanId: request.params.carePlanId,
        input: request.body,
      }),
  );

  typed.get(
    '/api/premier/today',
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary:
          'Today: the due and overdue (up to 90 days back, unmarked) activity occurrences of the active care plans of all my patients, oldest first',
        response: { 200: ZToday, 401: ZApiError },
      },
    },
    async (request) => occurrences.findToday({ actor: await actorOf(request) }),
  );
}
