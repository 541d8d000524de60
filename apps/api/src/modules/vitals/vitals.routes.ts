import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VITALS_SERIES_MAX, ZVitalsSeries } from '@portal/shared/vitals';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf, ZPatientParams } from '../audit/owned-records.http.ts';
import type { VitalsService } from './vitals.service.ts';

/**
 * `GET /api/records/patients/{id}/vitals` (HTTP only): the series the vital-signs chart draws.
 * A route of its own rather than the visits list: the list carries every visit's notes and
 * addenda (up to 40,000 characters each) and pages by 100, so a chart of 1,000 visits would
 * fetch ten pages of notes nobody reads, each audited as a read of them.
 */
export function vitalsRoutes(app: FastifyInstance, { vitals }: { vitals: VitalsService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/records/patients/:id/vitals',
    {
      schema: {
        tags: ['visits'],
        summary: `The patient's weight and blood pressure over time, oldest first: one point per visit that measured one of them (the newest ${VITALS_SERIES_MAX}), with \`total\`; never the notes`,
        params: ZPatientParams,
        response: {
          200: ZVitalsSeries,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError.describe("`PATIENT_NOT_FOUND` (someone else's patient is missing too)"),
        },
      },
    },
    async (request) =>
      vitals.getVitalsSeries({
        actor: await actorOf(request),
        patientId: request.params.id,
      }),
  );
}
