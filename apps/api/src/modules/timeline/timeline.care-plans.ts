import { TIMELINE_KINDS, timelineLine, type TTimelineEntry } from '@portal/shared/timeline';
import { fromWallTime, toWallTime } from '@portal/shared/zoned-time';
import type { Db } from '../../db/client.ts';
import { bringDueUpToDate, dueWindowStart } from '../care-plans/care-plans.due.ts';
import { findNewestDueOfPatient } from '../care-plans/care-plans.due.repository.ts';
import { findUserClock } from '../care-plans/care-plans.repository.ts';
import type { TimelineKey, TimelineScope } from './timeline.repository.ts';

/**
 * The care-plan activities of the patient's timeline: each occurrence due today or overdue (a
 * past day not marked done or skipped, at most DUE_DAYS_BACK = 90 days back, the Today list's
 * window, so both lists show the same activities and an old daily rule does not bury the
 * patient's history). They are read from the stored due rows (care-plans.due.ts), newest first
 * and at most TIMELINE_CARE_PLAN_MAX, and merged with the page of stored entries here, in the
 * same order and keyset.
 */

/** The most care-plan entries one timeline holds (the newest), as Today holds at most 500. */
export const TIMELINE_CARE_PLAN_MAX = 500;

const rankOf = (entry: TTimelineEntry) => TIMELINE_KINDS.indexOf(entry.kind);

/**
 * Newest first: (at, item id, kind rank) descending, the SQL's `order by` (times are ISO UTC
 * with milliseconds, ids lower-case uuids, so text order is the database's order).
 */
export function compareEntries(a: TTimelineEntry, b: TTimelineEntry): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.itemId !== b.itemId) return a.itemId < b.itemId ? 1 : -1;
  return rankOf(b) - rankOf(a);
}

/** Whether the entry comes strictly after the cursor's position in that order. */
function isAfter(entry: TTimelineEntry, [at, itemId, kind]: TimelineKey): boolean {
  return compareEntries(entry, { ...entry, at, itemId: itemId.toLowerCase(), kind }) > 0;
}

/** The patient's due and overdue care-plan activities as timeline entries, newest first. */
export async function listCarePlanEntries(
  db: Db,
  { ownerId, patientId }: TimelineScope,
  now: Date,
): Promise<TTimelineEntry[]> {
  const timeZone = (await findUserClock(db, ownerId))?.timeZone ?? 'UTC';
  const today = toWallTime(now, timeZone).date;
  await bringDueUpToDate(db, { now, ownerId, patientId });
  const rows = await findNewestDueOfPatient(db, {
    ownerId,
    patientId,
    from: dueWindowStart(today),
    to: today,
    limit: TIMELINE_CARE_PLAN_MAX,
  });
  // At most 91 days for hundreds of occurrences: each day's start is worked out once (Intl).
  const starts = new Map<string, string>();
  const startOf = (date: string) => {
    let start = starts.get(date);
    if (start === undefined) {
      start = fromWallTime({ date, time: '00:00' }, timeZone).toISOString();
      starts.set(date, start);
    }
    return start;
  };
  return rows
    .map((row): TTimelineEntry => ({
      kind: 'care-plan-activity',
      at: startOf(row.occursOn),
      itemId: row.activityId,
      summary: timelineLine(row.activityTitle),
      detail: timelineLine(row.carePlanTitle),
      state: row.occursOn < today ? 'overdue' : 'due',
      carePlanId: row.carePlanId,
      dueOn: row.occursOn,
    }))
    .sort(compareEntries);
}

/**
 * One page: the stored entries' page (`limit` rows after the cursor, from SQL) merged with the
 * care-plan entries after the cursor. Each list holds its own first `limit` after the cursor,
 * so the first `limit` of both together are the page's, without gap or repeat.
 */
export function mergePage(
  stored: TTimelineEntry[],
  carePlan: TTimelineEntry[],
  after: TimelineKey | null,
  limit: number,
): TTimelineEntry[] {
  const later = after ? carePlan.filter((entry) => isAfter(entry, after)) : carePlan;
  return [...stored, ...later.slice(0, limit)].sort(compareEntries).slice(0, limit);
}
