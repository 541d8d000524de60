import type { TVisit, TVisitInput } from '@portal/shared/visit';
import { visitInput } from '@portal/shared/visit.factories';
import type { AuthHeaders } from '../app.ts';
import { type App, patientEntityFactory, type Stored } from './entity.ts';

/** Test factories for visits (imported by tests only). */

const visits = patientEntityFactory<TVisitInput, TVisit>({
  what: 'visit',
  segment: 'visits',
  input: visitInput,
});
export const {
  url: visitsUrl,
  post: recordVisit,
  put: updateVisit,
  postAction: postVisitAction,
  create: createVisit,
} = visits;

/** Signs a draft visit: the visit as signed. */
export const signVisit = (ctx: App, headers: AuthHeaders, visit: Stored) =>
  visits.act(ctx, headers, visit, 'sign');
