import { z } from 'zod';
import { ZTimelineEntry, type TTimelineEntry } from '@portal/shared/timeline';
import type { DbState } from './db-state.ts';

/**
 * The fuzz campaign's checks of the patient's timeline (issue 17): its answer's schema, and
 * the privacy rule that every entry names an item of the caller's own (whatever the kind).
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
  const owners = new Map<string, string>();
  for (const item of [
    ...after.visits,
    ...after.appointments,
    ...after.clinical.allergies,
    ...after.clinical.prescriptions,
  ])
    owners.set(item.id, item.ownerId);
  return (json as TTimelineEntry[])
    .filter((entry) => owners.get(entry.itemId) !== actorId)
    .map((entry) => `timeline entry ${entry.kind} ${entry.itemId} is not the caller's`);
}
