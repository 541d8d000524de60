import { definePatientKind } from './patient-kind.ts';
import type { TCarePlan } from './care-plan.ts';

/**
 * The care plan kind's declaration and validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/** Validation messages of the care-plan form and API, by code (unique among the shared tables). */
export const CARE_PLAN_MESSAGES = {
  titleRequired: 'Please enter a title for the care plan.',
  titleTooLong: 'Title must be at most 200 characters.',
  goalTextRequired: 'Please describe the goal.',
  goalTextTooLong: 'A goal must be at most 500 characters.',
  targetDateInvalid: 'Target date must be a day such as 2026-03-02.',
  activityTitleRequired: 'Please name the activity.',
  activityTitleTooLong: 'An activity must be at most 200 characters.',
  startInvalid: 'Start must be a day between 2000-01-01 and 2100-12-31, such as 2026-03-02.',
  tooManyGoals: 'A care plan has at most 20 goals.',
  tooManyActivities: 'A care plan has at most 20 activities.',
  carePlanStatusInvalid: 'Please choose active, on-hold or completed.',
  markInvalid: 'Please choose done, skipped or due.',
  patientMarkInvalid: 'Please choose done or skipped.',
  occurrenceDateInvalid: 'The occurrence must be a day such as 2026-03-02.',
  windowInvalid: 'Give from and to as days, from before to, at most 366 days apart.',
  activityIdInvalid: 'The activity id is not valid.',
} as const;

/**
 * The care plan's declaration (patient-kinds.ts lists it); its activities' timeline entries are
 * computed from the plan's rule, not stored (timeline.ts).
 */
export const CARE_PLAN_KIND = definePatientKind({
  kind: 'carePlan',
  segment: 'care-plans',
  noun: 'care plan',
  errorPrefix: 'CARE_PLAN',
  messages: CARE_PLAN_MESSAGES,
  namespace: 'carePlans',
  // The plan's title and its activities with today's occurrence (shaped for the patient in
  // my-health.ts); goals and rules stay the practitioner's working tools.
  patientView: ['_id', 'title', 'activities'] as const satisfies readonly (keyof TCarePlan)[],
});
