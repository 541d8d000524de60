import { z } from 'zod';
import { ZTimelineEntry, type TTimelineEntry } from '@portal/shared/timeline';
import type { DbState } from './db-state.ts';

/**
 * The fuzz campaign's checks of the patient's timeline: its answer's schema, and
 * the privacy rule that every entry names an item of the caller's own (whatever the kind; a
 * care-plan activity by its plan).
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
    ...Object.values(after.clinical.kindItems).flat(),
  ])
    owners.set(item.id, item.ownerId);
  // A care-plan activity is no row of its own: its plan is the item it names.
  const planOwners = new Map(
    (after.clinical.kindItems.care_plans ?? []).map((plan) => [plan.id, plan.ownerId]),
  );
  return (json as TTimelineEntry[])
    .filter((entry) =>
      entry.kind === 'care-plan-activity'
        ? planOwners.get(entry.carePlanId ?? '') !== actorId
        : owners.get(entry.itemId) !== actorId,
    )
    .map((entry) => `timeline entry ${entry.kind} ${entry.itemId} is not the caller's`);
}
