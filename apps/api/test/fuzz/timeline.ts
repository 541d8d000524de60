import { z } from 'zod';
import { ZTimelineEntry, type TTimelineEntry } from '@portal/shared/timeline';
import type { DbState } from './db-state.ts';
import { kindTimelineOwners } from './kinds.ts';

/**
 * The fuzz campaign's checks of the patient's timeline: its answer's schema, and
 * the privacy rule that every entry names an item of the caller's own (whatever the kind; an
 * entry that names no row of its own, by the item its kind says it belongs to).
 */

export const TIMELINE_LABEL = 'GET /api/records/patients/{id}/timeline';

export const TIMELINE_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  [TIMELINE_LABEL]: { 200: z.array(ZTimelineEntry) },
};

export function timelinePrivacyProblems(
  label: string,
  json: unknown,
  actorId: string,
  after: DbState,
): string[] {
  if (label !== TIMELINE_LABEL || !Array.isArray(json)) return [];
  const { owners, itemOf } = kindTimelineOwners(after.kinds);
  for (const item of [...after.visits, ...after.appointments]) owners.set(item.id, item.ownerId);
  return (json as TTimelineEntry[])
    .filter((entry) => owners.get(itemOf(entry)) !== actorId)
    .map((entry) => `timeline entry ${entry.kind} ${entry.itemId} is not the caller's`);
}
