import type { DbAndClock } from '../../db/client.ts';
import { createMyCarePlanService } from './my-health.care-plans.ts';
import { createMyViews } from './my-health.service.ts';

/**
 * What the linked person's screens read, for the services that must answer exactly what the
 * screens show and nothing more: the FHIR record, what a correction may point at, and the
 * practitioner's preview.
 */
export function createMyScreens(deps: DbAndClock) {
  return { views: createMyViews(deps), carePlans: createMyCarePlanService(deps) };
}
