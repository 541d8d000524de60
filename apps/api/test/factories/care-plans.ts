import type { TCarePlan, TCarePlanInput } from '@portal/shared/care-plan';
import { carePlanKind } from '../../src/modules/care-plans/care-plans.kind.ts';
import type { AuthHeaders, TestContext } from '../app.ts';
import { patientEntityFactory } from './entity.ts';

/** Test factories for care plans (imported by tests only). */

/** The care plan kind's own example (src/kinds/registry.ts), with the test's fields over it. */
export const carePlanInput = (input: Partial<TCarePlanInput> = {}): TCarePlanInput => ({
  ...(carePlanKind.example.body() as TCarePlanInput),
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
