import { createMyCarePlanService } from './my-health.care-plans.ts';
import { createMyViews, type MyViewDeps } from './my-health.service.ts';

/**
 * What the linked person's screens read, for the services that must answer exactly what the
 * screens show and nothing more: the FHIR record, what a correction may point at, and the
 * practitioner's preview.
 */
export function createMyScreens(deps: MyViewDeps) {
  return { views: createMyViews(deps), carePlans: createMyCarePlanService(deps) };
}
