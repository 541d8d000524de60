import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import { createMyCarePlanService } from './my-health.care-plans.ts';
import { createMyRecordService } from './my-health.record.ts';
import { myHealthRoutes } from './my-health.routes.ts';
import { createMyHealthService } from './my-health.service.ts';

/** What a linked person sees of a patient record (`/api/me/patients/…`), in its own context. */
export async function myHealthPlugin(app: FastifyInstance, { db, now }: DbAndClock) {
  myHealthRoutes(app, {
    myHealth: createMyHealthService({ db, now }),
    carePlans: createMyCarePlanService({ db, now }),
    record: createMyRecordService({ db, now }),
  });
}
