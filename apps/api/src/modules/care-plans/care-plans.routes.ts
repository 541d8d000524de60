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
import { plainJsonSerializer } from '../../lib/plain-json-serializer.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import { patientResourceRoutes } from '../../patient-owned/patient-resource.routes.ts';
import { MEMBERS_ONLY } from '../../http/require-premium.ts';
import type { OccurrenceService } from './care-plans.occurrences.ts';
import type { CarePlanService } from './care-plans.service.ts';

/**
 * A patient's care plans under /api/records/patients/{id}/care-plans with their occurrences, and
 * Today (HTTP only): all for premium members only.
 */
export function carePlanRoutes(
  app: FastifyInstance,
  { carePlans, occurrences }: { carePlans: CarePlanService; occurrences: OccurrenceService },
) {
  const { itemRoute } = patientResourceRoutes(app, {
    kind: 'carePlan',
    segment: 'care-plans',
    tag: 'care plans',
    config: MEMBERS_ONLY,
    item: ZCarePlan,
    input: ZCarePlanInput,
    listQuery: ZCarePlanListQuery,
    staleAnswer: 'a changed care plan then answers 409',
    summaries: {
      list: 'One of my patients\' care plans, newest first; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
      create:
        'Create a care plan: title, goals (text, target date) and activities, once (`start`) or recurring (`rrule`, RFC 5545); 409 `CARE_PLAN_LIMIT` for an active plan when the patient has 50 active plans already',
      read: 'One care plan of one of my patients, with its `ETag`',
      update:
        'Replace a care plan (goals and activities keep their `id`s when sent back); with `If-Match`, 409 `CARE_PLAN_CHANGED` if it changed meanwhile; 409 `CARE_PLAN_LIMIT` when it would make a 51st active plan of the patient',
    },
    conflicts: {
      create: { 409: ZApiError.describe('`CARE_PLAN_LIMIT`: the patient has 50 active plans') },
      update: { 409: ZApiError.describe('`CARE_PLAN_CHANGED` or `CARE_PLAN_LIMIT`') },
    },
    service: carePlans,
  });

  itemRoute({
    method: 'GET',
    path: 'occurrences',
    summary:
      "The occurrences of the plan's activities between `from` and `to` (default: 30 days back, 90 ahead; at most 366 days, 400 per activity), each due, overdue, upcoming, done or skipped",
    querystring: ZOccurrenceQuery,
    answer: z.array(ZOccurrence),
    run: ({ id, query, ...place }) =>
      occurrences.listOccurrences({ ...place, carePlanId: id, ...query }),
  });

  itemRoute({
    method: 'PUT',
    path: 'occurrences',
    summary:
      'Mark one occurrence done or skipped (by me, now), or `due` to take the mark back; 404 `OCCURRENCE_NOT_FOUND` when the activity does not occur that day; 409 `OCCURRENCE_NOT_YET_DUE` for done or skipped on a day after today (my time zone)',
    body: { schema: ZOccurrenceMarkInput, audit: 'update' },
    answer: ZOccurrence,
    conflicts: {
      409: ZApiError.describe(
        '`OCCURRENCE_NOT_YET_DUE`: done or skipped for a day after today (my time zone)',
      ),
    },
    run: ({ id, body, query: _none, ...place }) =>
      occurrences.markOccurrence({ ...place, carePlanId: id, input: body }),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/premier/today',
    {
      config: MEMBERS_ONLY,
      schema: {
        tags: ['care plans'],
        summary:
          'Today: the due and overdue (up to 90 days back, unmarked) activity occurrences of the active care plans of all my patients, oldest first, at most 500 (`isTruncated` says when more are due); read from the stored due days, which the reminders sweep keeps up to date: a read expands a rule only for days of its page the sweep has not reached yet',
        response: { 200: ZToday, 401: ZApiError },
      },
      // findDueOccurrences builds every field of each item itself, typed by ZToday.
      serializerCompiler: plainJsonSerializer,
    },
    async (request) => occurrences.findToday({ actor: await actorOf(request) }),
  );
}
