import type { FastifyInstance } from 'fastify';
import { createClinicalRefusals } from '../../patient-owned/refusals.ts';
import { createOccurrenceService } from './care-plans.occurrences.ts';
import { carePlanRoutes } from './care-plans.routes.ts';
import { createCarePlanService } from './care-plans.service.ts';
import type { DbAndClock } from '../../db/client.ts';

/** Care plans and the Today list (premium members only) in their own context. */
export async function carePlansPlugin(app: FastifyInstance, { db, now }: DbAndClock) {
  const refusals = createClinicalRefusals(db);
  carePlanRoutes(app, {
    carePlans: createCarePlanService({ db, refusals, now }),
    occurrences: createOccurrenceService({ db, refusals, now }),
  });
}
