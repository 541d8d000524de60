import type { TVisit, TVisitInput } from '@portal/shared/visit';
import { visitInput } from '@portal/shared/visit.factories';
import { type App, type Headers, patientEntityFactory, type Stored } from './entity.ts';

/** Test factories for visits (imported by tests only). */

export const {
  url: visitsUrl,
  post: recordVisit,
  put: updateVisit,
  postAction: postVisitAction,
  act: actOnVisit,
  create: createVisit,
} = patientEntityFactory<TVisitInput, TVisit>({
  what: 'visit',
  segment: 'visits',
  input: visitInput,
});

/** Signs a draft visit: the visit as signed. */
export const signVisit = (ctx: App, headers: Headers, visit: Stored) =>
  actOnVisit(ctx, headers, visit, 'sign');
