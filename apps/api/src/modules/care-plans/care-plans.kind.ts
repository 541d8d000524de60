import { CARE_PLAN_KIND, ZCarePlan, ZCarePlanInput } from '@portal/shared/care-plan';
import { carePlans } from '../../db/schema/care-plans.ts';
import { defineApiKind } from '../../kinds/kind.ts';
import { toFhirCarePlan } from './care-plans.fhir.ts';
import { carePlanStore } from './care-plans.repository.ts';
import { toApiCarePlan } from './care-plans.service.ts';

const example = () => ({
  title: 'Type 2 diabetes follow-up',
  goals: [{ text: 'HbA1c below 7%', targetDate: '2026-12-31' }],
  activities: [
    { title: 'HbA1c test', start: '2026-01-15', rrule: 'FREQ=MONTHLY;INTERVAL=3' },
    { title: 'Eye examination', start: '2026-03-02', rrule: '' },
  ],
});

/**
 * Care plans as the API registry lists them (premium members only); their activities' timeline
 * entries are computed from each plan's rule (the timeline module), not stored rows.
 */
export const carePlanKind = defineApiKind({
  shared: CARE_PLAN_KIND,
  table: carePlans,
  store: carePlanStore,
  fhirType: 'CarePlan',
  toFhir: toFhirCarePlan,
  toApi: toApiCarePlan,
  isMembersOnly: true,
  schemas: { input: ZCarePlanInput, item: ZCarePlan },
  timeline: {},
  example: { body: example, changed: () => ({ ...example(), status: 'on-hold' }) },
});
