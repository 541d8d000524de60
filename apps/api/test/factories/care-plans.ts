import type { TCarePlan, TCarePlanInput } from '@portal/shared/care-plan';
import type { AuthHeaders, TestContext } from '../app.ts';
import { patientEntityFactory } from './entity.ts';

/** Test factories for care plans (imported by tests only). */

export const carePlanInput = (input: Partial<TCarePlanInput> = {}): TCarePlanInput => ({
  title: 'Type 2 diabetes follow-up',
  goals: [{ text: 'HbA1c below 7%', targetDate: '2026-12-31' }],
  activities: [
    { title: 'HbA1c test', start: '2026-01-15', rrule: 'FREQ=MONTHLY;INTERVAL=3' },
    { title: 'Eye examination', start: '2026-03-02', rrule: '' },
  ],
  ...input,
});

export const {
  url: carePlansUrl,
  post: postCarePlan,
  put: putCarePlan,
  create: createCarePlan,
} = patientEntityFactory<TCarePlanInput, TCarePlan>({
  what: 'care plan',
  segment: 'care-plans',
  input: carePlanInput,
});

/** A plan's occurrences (`query`: `?from=…&to=…`). */
export const occurrencesUrl = (patientId: string, planId: string, query = '') =>
  `${carePlansUrl(patientId, planId, 'occurrences')}${query}`;

/** Marks an occurrence of a plan's activity `done` or `skipped` (`due` takes a mark back). */
export function markOccurrence(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  plan: Pick<TCarePlan, '_id' | 'patientId'>,
  mark: { activityId: string; date: string; mark: string },
) {
  return ctx.app.inject({
    method: 'PUT',
    url: occurrencesUrl(plan.patientId, plan._id),
    headers,
    payload: mark,
  });
}
