import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIMELINE_RECORD_KINDS, ZTimelineEntry, ZTimelineQuery } from '@portal/shared/timeline';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { sendPage } from '../../lib/paging.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, ZPatientParams } from '../audit/owned-records.http.ts';
import { isPremiumMember } from '../../http/require-premium.ts';
import type { TimelineService } from './timeline.service.ts';

/** `GET /api/records/patients/{id}/timeline` (HTTP only). */
export function timelineRoutes(
  app: FastifyInstance,
  { db, timeline }: { db: Db; timeline: TimelineService },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/records/patients/:id/timeline',
    {
      schema: {
        tags: ['timeline'],
        summary: `The patient's history, newest first: entries of kind ${TIMELINE_RECORD_KINDS.join(', ')} and, for Premier members, care-plan activities due or overdue; paged by \`Link: <…>; rel="next"\`, with \`X-Total-Count\``,
        description:
          "Each entry names its kind, time, item and a one-line summary (never the notes); the item itself is read from its own route. Open to every practitioner: a Premier member's timeline also holds `care-plan-activity` entries, each occurrence of an active plan's activity due today or overdue (a past day not marked done or skipped, up to 90 days back, the Today list's window; the newest 500 at most), dated at the start of its due day in the practitioner's time zone, with `carePlanId` and `dueOn`; anyone else's timeline simply has none (never a 402). Audited as one `list` of the patient; never cached.",
        params: ZPatientParams,
        querystring: ZTimelineQuery,
        response: {
          200: z.array(ZTimelineEntry),
          400: ZApiError.describe('`VALIDATION_FAILED`, or `INVALID_CURSOR`: start again'),
          401: ZApiError,
          404: ZApiError.describe(
            "`PATIENT_NOT_FOUND`: missing, in the trash or someone else's patient",
          ),
        },
      },
    },
    async (request, reply) => {
      const page = await timeline.findTimeline({
        actor: await actorOf(request),
        patientId: request.params.id,
        ...request.query,
        withCarePlans: await isPremiumMember(db, request),
      });
      return sendPage(request, reply, page);
    },
  );
}
