import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TTimelineEntry } from '@portal/shared/timeline';
import type { AuthHeaders, TestContext } from '../app.ts';
import { nextPageOf } from '../paging.ts';

/** Helpers for the timeline's tests (imported by tests only). */

export const timelineUrl = (patientId: string, query = '') =>
  `/api/records/patients/${patientId}/timeline${query}`;

/** Every entry, following `Link` one page of `limit` at a time. */
export async function walkTimeline(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  patientId: string,
  limit: number,
): Promise<TTimelineEntry[]> {
  const entries: TTimelineEntry[] = [];
  let next: string | undefined = timelineUrl(patientId, `?limit=${limit}`);
  while (next) {
    const response: LightMyRequestResponse = await ctx.app.inject({ url: next, headers });
    expect(response.statusCode).toBe(200);
    entries.push(...(response.json() as TTimelineEntry[]));
    next = nextPageOf(response);
  }
  return entries;
}
