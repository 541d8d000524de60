import type { TVisit, TVisitInput } from '@portal/shared/visit';
import { visitInput } from '@portal/shared/visit.factories';
import type { TestContext } from '../app.ts';
import { expectStatus, patientEntityFactory } from './entity.ts';

/** Test factories for visits (imported by tests only). */

export const {
  url: visitsUrl,
  post: recordVisit,
  put: updateVisit,
  postAction: postVisitAction,
  create: createVisit,
} = patientEntityFactory<TVisitInput, TVisit>({
  what: 'visit',
  segment: 'visits',
  input: visitInput,
});

export async function signVisit(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  visit: Pick<TVisit, '_id' | 'patientId'>,
): Promise<TVisit> {
  const response = await postVisitAction(ctx, headers, visit, 'sign');
  return expectStatus<TVisit>(response, 200, 'signing the visit');
}
