import { nextOccurrenceAfter, occurrenceDates } from '@portal/shared/care-plan-rrule';
import { addDays, toWallTime } from '@portal/shared/zoned-time';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CarePlanRow } from '../../db/schema/care-plans.ts';
import {
  deleteDueRow,
  deletePlanDueRows,
  findMarkedDays,
  findPlansBehind,
  insertDueRows,
  lockPlan,
  setDueState,
  type DueRow,
} from './care-plans.due.repository.ts';

/**
 * The stored due occurrences: each active plan keeps, in care_plan_due, the unmarked
 * occurrences of its activities from DUE_DAYS_BACK days back up to its `due_through` day, and
 * in `next_due_on` the first day after that any activity occurs on. Today, the timeline and the
 * reminders sweep read those rows from an index; a rule is expanded only when its plan is saved
 * and when one of its occurrences comes (once a day at most), never on a read that finds the
 * rows up to date. The marks stay the record; these rows are derived from them and the rules.
 */

/** How far back an unmarked occurrence still counts as overdue (Today and the timeline). */
export const DUE_DAYS_BACK = 90;

/** The first day of the window whose last day is `today`. */
export const dueWindowStart = (today: string) => addDays(today, -DUE_DAYS_BACK);

const rowsOf = (
  plan: CarePlanRow,
  { from, to, marked }: { from: string; to: string; marked: Set<string> },
): DueRow[] =>
  plan.activities.flatMap((activity, activityOrder) =>
    occurrenceDates({ start: activity.start, rrule: activity.rrule, from, to })
      .filter((day) => !marked.has(`${activity.id}/${day}`))
      .map((occursOn) => ({
        carePlanId: plan.id,
        activityId: activity.id,
        ownerId: plan.ownerId,
        patientId: plan.patientId,
        occursOn,
        activityOrder,
      })),
  );

/** The first day after `today` any of the plan's activities occurs on. */
function nextDueOf(plan: CarePlanRow, today: string): string | null {
  let next: string | null = null;
  for (const activity of plan.activities) {
    const day = nextOccurrenceAfter({ start: activity.start, rrule: activity.rrule, after: today });
    if (day !== null && (next === null || day < next)) next = day;
  }
  return next;
}

/**
 * Works the plan's due rows out afresh through `today` (a create, a replacement, or a plan
 * stored before the rows existed): the plan's activities or rules may all have changed.
 */
export async function rebuildDue(tx: DbOrTx, plan: CarePlanRow, today: string): Promise<void> {
  const from = dueWindowStart(today);
  await deletePlanDueRows(tx, plan.id);
  const marked = await findMarkedDays(tx, { carePlanId: plan.id, from, to: today });
  await insertDueRows(tx, rowsOf(plan, { from, to: today, marked }));
  await setDueState(tx, { id: plan.id, dueThrough: today, nextDueOn: nextDueOf(plan, today) });
}

/** Whether occurrences have come since the plan's rows were last worked out (or never were). */
const isBehind = (
  { dueThrough, nextDueOn }: Pick<CarePlanRow, 'dueThrough' | 'nextDueOn'>,
  today: string,
) => dueThrough === null || (dueThrough < today && nextDueOn !== null && nextDueOn <= today);

/** Adds the occurrences that came since the plan's `due_through`, up to `today`. */
async function advanceDue(tx: DbOrTx, plan: CarePlanRow, today: string): Promise<void> {
  if (plan.dueThrough === null) return rebuildDue(tx, plan, today);
  if (!isBehind(plan, today) || plan.nextDueOn === null) return;
  const windowStart = dueWindowStart(today);
  const from = plan.nextDueOn > windowStart ? plan.nextDueOn : windowStart;
  const marked = await findMarkedDays(tx, { carePlanId: plan.id, from, to: today });
  await insertDueRows(tx, rowsOf(plan, { from, to: today, marked }));
  await setDueState(tx, { id: plan.id, dueThrough: today, nextDueOn: nextDueOf(plan, today) });
}

/**
 * Brings the due rows of the active plans of live patients up to each owner's today: of one
 * owner (and one patient) before a read, or of every member's for the sweep. A plan whose rows
 * are current costs nothing here: the query leaves it out. Each plan is advanced in its own
 * short transaction holding the plan's lock.
 */
export async function bringDueUpToDate(
  db: Db,
  {
    now,
    ownerId,
    patientId,
    isMembersOnly = false,
  }: { now: Date; ownerId?: string; patientId?: string; isMembersOnly?: boolean },
): Promise<void> {
  // No clock is more than 14 hours ahead of UTC: no today is later than tomorrow in UTC.
  const latestToday = addDays(now.toISOString().slice(0, 10), 1);
  const behind = await findPlansBehind(db, { ownerId, patientId, isMembersOnly, latestToday });
  const todays = new Map<string, string>();
  for (const { id, dueThrough, nextDueOn, timeZone } of behind) {
    const zone = timeZone ?? 'UTC';
    let today = todays.get(zone);
    if (today === undefined) {
      today = toWallTime(now, zone).date;
      todays.set(zone, today);
    }
    const day = today;
    if (!isBehind({ dueThrough, nextDueOn }, day)) continue;
    await db.transaction(async (tx) => {
      const plan = await lockPlan(tx, id);
      if (plan && plan.status === 'active') await advanceDue(tx, plan, day);
    });
  }
}

/** A mark changed: the occurrence leaves the due rows, or (taken back) returns to them. */
export async function applyMarkToDue(
  tx: DbOrTx,
  plan: CarePlanRow,
  { activityId, occursOn, isDue }: { activityId: string; occursOn: string; isDue: boolean },
): Promise<void> {
  const scope = { carePlanId: plan.id, activityId, occursOn };
  if (!isDue) return deleteDueRow(tx, scope);
  // A day past `due_through` is added when the plan is next brought up to date.
  if (plan.dueThrough === null || occursOn > plan.dueThrough) return;
  const activityOrder = plan.activities.findIndex((activity) => activity.id === activityId);
  await insertDueRows(tx, [
    { ...scope, ownerId: plan.ownerId, patientId: plan.patientId, activityOrder },
  ]);
}
