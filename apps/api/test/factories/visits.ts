import type { TVisit, TVisitInput } from '@portal/shared/visit';
import { visitInput } from '@portal/shared/visit.factories';
import type { TestContext } from '../app.ts';

/** Test factories for visits (imported by tests only). */

type Headers = Record<string, string>;

export const visitsUrl = (patientId: string, ...rest: string[]) =>
  ['/api/records/patients', patientId, 'visits', ...rest].join('/');

export function recordVisit(
  ctx: Pick<TestContext, 'app'>,
  headers: Headers,
  patientId: string,
  overrides: Partial<TVisitInput> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: visitsUrl(patientId),
    headers,
    payload: visitInput(overrides),
  });
}

export async function createVisit(
  ctx: Pick<TestContext, 'app'>,
  headers: Headers,
  patientId: string,
  overrides: Partial<TVisitInput> = {},
): Promise<TVisit> {
  const response = await recordVisit(ctx, headers, patientId, overrides);
  if (response.statusCode !== 201) throw new Error(`visit not recorded: ${response.body}`);
  return response.json();
}

export async function signVisit(
  ctx: Pick<TestContext, 'app'>,
  headers: Headers,
  visit: Pick<TVisit, '_id' | 'patientId'>,
): Promise<TVisit> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: visitsUrl(visit.patientId, visit._id, 'sign'),
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`visit not signed: ${response.body}`);
  return response.json();
}
