import { nextOccurrenceAfter, occurrenceDates } from '@portal/shared/care-plan-rrule';
import { setImmediate } from 'node:timers/promises';
import { addDays, toWallTime } from '@portal/shared/zoned-time';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CarePlanRow } from '../../db/schema/care-plans.ts';
import {
  deleteDueRow,
  deletePlanDueRows,
  findMarkedDays,
  findDueCutoff,
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
 * Works the plan's due rows out afresh through `through` (today unless a read needs less): a
 * create, a replacement, or a plan stored before the rows existed.
 */
export async function rebuildDue(
  tx: DbOrTx,
  plan: CarePlanRow,
  today: string,
  through = today,
): Promise<void> {
  const from = dueWindowStart(today);
  await deletePlanDueRows(tx, plan.id);
  const marked = await findMarkedDays(tx, { carePlanId: plan.id, from, to: through });
  await insertDueRows(tx, rowsOf(plan, { from, to: through, marked }));
  await setDueState(tx, { id: plan.id, dueThrough: through, nextDueOn: nextDueOf(plan, through) });
}

/** Whether occurrences have come by `day` since the plan's rows were last worked out (or never were). */
const isBehind = (
  { dueThrough, nextDueOn }: Pick<CarePlanRow, 'dueThrough' | 'nextDueOn'>,
  day: string,
) => dueThrough === null || (dueThrough < day && nextDueOn !== null && nextDueOn <= day);

/** Adds the occurrences that came since the plan's `due_through`, up to `through`. */
async function advanceDue(
  tx: DbOrTx,
  plan: CarePlanRow,
  { today, through }: { today: string; through: string },
): Promise<void> {
  if (plan.dueThrough === null) return rebuildDue(tx, plan, today, through);
  if (!isBehind(plan, through) || plan.nextDueOn === null) return;
  const windowStart = dueWindowStart(today);
  const from = plan.nextDueOn > windowStart ? plan.nextDueOn : windowStart;
  const marked = await findMarkedDays(tx, { carePlanId: plan.id, from, to: through });
  await insertDueRows(tx, rowsOf(plan, { from, to: through, marked }));
  await setDueState(tx, { id: plan.id, dueThrough: through, nextDueOn: nextDueOf(plan, through) });
}

/**
 * Advances one plan in its own short transaction holding the plan's lock, then lets the event
 * loop run: a plan's expansion is a synchronous stretch, and health checks and other requests
 * must not wait for a whole batch of them.
 */
async function advancePlan(
  db: Db,
  id: string,
  days: { today: string; through: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, id);
    if (plan && plan.status === 'active') await advanceDue(tx, plan, days);
  });
  await setImmediate();
}

/** Plans read per query, by id: a sweep over thousands goes through them in batches. */
const PLANS_PER_BATCH = 100;
/** The most days one plan is advanced by at a time, so no plan is locked for long. */
const DAYS_PER_STEP = 7;

/** The last day of the plan's next step towards `today`: at most DAYS_PER_STEP days on. */
function nextStepEnd(dueThrough: string | null, today: string): string {
  const windowStart = dueWindowStart(today);
  const first = dueThrough === null || dueThrough < windowStart ? windowStart : dueThrough;
  const end = addDays(first, dueThrough === null ? DAYS_PER_STEP - 1 : DAYS_PER_STEP);
  return end < today ? end : today;
}

/**
 * Brings the due rows of the active plans of live patients up to each owner's today: of one
 * owner's patient before the timeline, or of every member's for the reminders sweep, which is
 * what does the work of a new day and of the plans stored before the rows existed. A plan whose
 * rows are current costs nothing here: the query leaves it out. Plans come in batches by id and
 * are advanced a step of at most DAYS_PER_STEP days each, pass after pass, each step in its own
 * transaction with the event loop let through after it: the oldest days of every plan, those a
 * Today page shows first, are worked out first, and a read waiting for a plan's lock waits for
 * one step only.
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
  const latestDay = addDays(now.toISOString().slice(0, 10), 1);
  const todays = new Map<string, string>();
  const todayIn = (zone: string) => {
    let today = todays.get(zone);
    if (today === undefined) {
      today = toWallTime(now, zone).date;
      todays.set(zone, today);
    }
    return today;
  };
  for (let isDone = false; !isDone;) {
    isDone = true;
    let afterId: string | undefined;
    for (;;) {
      const behind = await findPlansBehind(db, {
        ownerId,
        patientId,
        isMembersOnly,
        latestDay,
        afterId,
        limit: PLANS_PER_BATCH,
      });
      for (const { id, dueThrough, nextDueOn, timeZone } of behind) {
        const today = todayIn(timeZone ?? 'UTC');
        if (!isBehind({ dueThrough, nextDueOn }, today)) continue;
        isDone = false;
        await advancePlan(db, id, { today, through: nextStepEnd(dueThrough, today) });
      }
      if (behind.length < PLANS_PER_BATCH) break;
      afterId = behind.at(-1)!.id;
    }
  }
}

/**
 * Makes the stored rows right for the owner's Today page (the oldest `limit` between the window's
 * start and `today`) doing only the work that page needs: the reminders sweep does the rest.
 * The page ends at its cutoff (the day of its last row, or today when it is not full); it is
 * right once no plan can add an occurrence on or before the cutoff, that is once every plan's
 * rows reach it (`due_through`) or its next occurrence (`next_due_on`) comes after it. A plan
 * behind that is advanced only through a horizon that starts at the window's first day and
 * doubles, so a plan never worked out (or long behind) costs the days the page shows, not the
 * 91-day window; the cutoff can only move earlier as rows are added, so this ends by today.
 */
export async function bringTodayPageUpToDate(
  db: Db,
  { ownerId, today, limit }: { ownerId: string; today: string; limit: number },
): Promise<string> {
  const from = dueWindowStart(today);
  for (let days = 1; ; days *= 2) {
    const cutoff =
      (await findDueCutoff(db, { ownerId, from, to: today, offset: limit - 1 })) ?? today;
    const horizon = addDays(from, days - 1);
    const through = horizon < cutoff ? horizon : cutoff;
    let isRight = true;
    let afterId: string | undefined;
    for (;;) {
      const behind = await findPlansBehind(db, {
        ownerId,
        isMembersOnly: false,
        latestDay: cutoff,
        afterId,
        limit: PLANS_PER_BATCH,
      });
      if (behind.length > 0) isRight = false;
      for (const plan of behind)
        if (isBehind(plan, through)) await advancePlan(db, plan.id, { today, through });
      if (behind.length < PLANS_PER_BATCH) break;
      afterId = behind.at(-1)!.id;
    }
    if (isRight) return cutoff;
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
