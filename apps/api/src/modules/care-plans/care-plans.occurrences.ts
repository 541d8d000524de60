import { isOccurrence, occurrenceDates } from '@portal/shared/care-plan-rrule';
import type {
  TCarePlanActivity,
  TOccurrence,
  TOccurrenceMarkInput,
  TToday,
  TTodayItem,
} from '@portal/shared/care-plan';
import { addDays, toWallTime } from '@portal/shared/zoned-time';
import type { Db, DbAndClock } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import type { CarePlanRow } from '../../db/schema/care-plans.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { isOwnLivePatient } from '../../patient-owned/items.repository.ts';
import type { Actor, ClinicalRefusals } from '../../patient-owned/refusals.ts';
import {
  applyMarkToDue,
  bringTodayPageUpToDate,
  DUE_DAYS_BACK,
  dueWindowStart,
} from './care-plans.due.ts';
import { findOldestDue, lockPlan } from './care-plans.due.repository.ts';
import {
  carePlanStore,
  deleteMark,
  findMarks,
  findUserClock,
  upsertMark,
  type MarkWithName,
} from './care-plans.repository.ts';

/** The occurrences list's window by default: a month back, three ahead. */
const DEFAULT_DAYS_BACK = 30;
const DEFAULT_DAYS_AHEAD = 90;
/** How far back an unmarked occurrence still counts as overdue on the Today list. */
export const TODAY_DAYS_BACK = DUE_DAYS_BACK;
/** The most items one Today answer lists (the oldest first). */
export const TODAY_MAX_ITEMS = 500;

const markKey = (carePlanId: string, activityId: string, date: string) =>
  `${carePlanId}/${activityId}/${date}`;

/** Each activity's occurrences in the window with their marks and state, by day then plan order. */
function occurrencesOf(
  plan: CarePlanRow,
  {
    from,
    to,
    today,
    marks,
  }: { from: string; to: string; today: string; marks: Map<string, MarkWithName> },
): TOccurrence[] {
  return plan.activities
    .flatMap((activity: TCarePlanActivity) =>
      occurrenceDates({ start: activity.start, rrule: activity.rrule, from, to }).map((date) => {
        const mark = marks.get(markKey(plan.id, activity.id, date));
        return {
          carePlanId: plan.id,
          activityId: activity.id,
          activityTitle: activity.title,
          date,
          state: mark
            ? (mark.mark as 'done' | 'skipped')
            : date < today
              ? ('overdue' as const)
              : date === today
                ? ('due' as const)
                : ('upcoming' as const),
          markedBy: mark ? { id: mark.markedBy, name: mark.markedByName } : null,
          markedAt: mark ? mark.markedAt.toISOString() : null,
        };
      }),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
}

const marksByKey = (marks: MarkWithName[]) =>
  new Map(marks.map((mark) => [markKey(mark.carePlanId, mark.activityId, mark.occursOn), mark]));

/**
 * The due (today) and overdue (unmarked, up to DUE_DAYS_BACK days back) occurrences of the
 * owner's active plans of live patients, oldest first, at most `limit`: read from the stored
 * due rows, first made right up to the page's last day (care-plans.due.ts), so a rule is
 * expanded on a read only for the days the page shows that the reminders sweep has not yet
 * worked out.
 */
export async function findDueOccurrences(
  db: Db,
  { ownerId, today, limit }: { ownerId: string; today: string; limit: number },
): Promise<TTodayItem[]> {
  const cutoff = await bringTodayPageUpToDate(db, { ownerId, today, limit });
  const rows = await findOldestDue(db, { ownerId, from: dueWindowStart(today), to: cutoff, limit });
  return rows.map((row) => ({
    carePlanId: row.carePlanId,
    activityId: row.activityId,
    activityTitle: row.activityTitle,
    date: row.occursOn,
    state: row.occursOn < today ? ('overdue' as const) : ('due' as const),
    markedBy: null,
    markedAt: null,
    patientId: row.patientId,
    patientName: row.patientName,
    carePlanTitle: row.carePlanTitle,
  }));
}

/** The occurrences of care-plan activities, their marks, and the practitioner's Today list. */
export function createOccurrenceService({
  db,
  refusals,
  now = systemClock,
}: DbAndClock & {
  refusals: ClinicalRefusals;
}) {
  const { audit, denyPatient, denyItem, refuse } = refusals;

  /** Today in the actor's time zone (UTC until the browser sent one). */
  async function todayOf(actor: Actor): Promise<string> {
    const clock = await findUserClock(db, actor.actorId);
    return toWallTime(now(), clock?.timeZone ?? 'UTC').date;
  }

  /** The actor's plan of the actor's live patient, or the audited 404. */
  async function ownPlan(actor: Actor, action: 'read' | 'update', patientId: string, id: string) {
    if (!isUuid(patientId)) return denyPatient(actor, action, patientId);
    if (!isUuid(id)) return denyItem(actor, { kind: 'carePlan', action, patientId, id });
    const scope = { ownerId: actor.actorId, patientId: patientId.toLowerCase() };
    if (!(await isOwnLivePatient(db, scope))) return denyPatient(actor, action, patientId);
    const plan = await carePlanStore.find(db, { ...scope, id: id.toLowerCase() });
    return plan ?? denyItem(actor, { kind: 'carePlan', action, patientId, id });
  }

  return {
    async listOccurrences({
      actor,
      patientId,
      carePlanId,
      from,
      to,
    }: {
      actor: Actor;
      patientId: string;
      carePlanId: string;
      from?: string;
      to?: string;
    }): Promise<TOccurrence[]> {
      const plan = await ownPlan(actor, 'read', patientId, carePlanId);
      const today = await todayOf(actor);
      const first =
        from ??
        addDays(to ?? today, -(to ? DEFAULT_DAYS_BACK + DEFAULT_DAYS_AHEAD : DEFAULT_DAYS_BACK));
      const last =
        to ??
        addDays(from ?? today, from ? DEFAULT_DAYS_BACK + DEFAULT_DAYS_AHEAD : DEFAULT_DAYS_AHEAD);
      const marks = await findMarks(db, {
        ownerId: actor.actorId,
        carePlanIds: [plan.id],
        from: first,
        to: last,
      });
      await audit(db, actor, {
        action: 'read',
        outcome: 'success',
        patientId: plan.patientId,
        subject: { kind: 'carePlan', id: plan.id },
      });
      return occurrencesOf(plan, { from: first, to: last, today, marks: marksByKey(marks) });
    },

    async markOccurrence({
      actor,
      patientId,
      carePlanId,
      input,
    }: {
      actor: Actor;
      patientId: string;
      carePlanId: string;
      input: TOccurrenceMarkInput;
    }): Promise<TOccurrence> {
      const plan = await ownPlan(actor, 'update', patientId, carePlanId);
      const activity = plan.activities.find((item) => item.id === input.activityId.toLowerCase());
      const entry = {
        action: 'update' as const,
        patientId: plan.patientId,
        subject: { kind: 'carePlan' as const, id: plan.id },
      };
      if (!activity || !isOccurrence(activity, input.date))
        return refuse(actor, { ...entry, outcome: 'denied' }, new AppError('OCCURRENCE_NOT_FOUND'));
      const today = await todayOf(actor);
      // Done or skipped tells what happened; a day to come has not happened yet.
      if (input.mark !== 'due' && input.date > today)
        return refuse(
          actor,
          { ...entry, outcome: 'conflict' },
          new AppError('OCCURRENCE_NOT_YET_DUE'),
        );
      const scope = {
        ownerId: actor.actorId,
        carePlanId: plan.id,
        activityId: activity.id,
        occursOn: input.date,
      };
      await db.transaction(async (tx) => {
        const locked = (await lockPlan(tx, plan.id)) ?? plan;
        await applyMarkToDue(tx, locked, {
          activityId: activity.id,
          occursOn: input.date,
          isDue: input.mark === 'due',
        });
        if (input.mark === 'due') await deleteMark(tx, scope);
        else
          await upsertMark(tx, {
            ...scope,
            mark: input.mark,
            markedBy: actor.actorId,
            markedAt: now(),
          });
        await audit(tx, actor, { ...entry, outcome: 'success' });
      });
      const marks = await findMarks(db, {
        ownerId: actor.actorId,
        carePlanIds: [plan.id],
        from: input.date,
        to: input.date,
      });
      const planOfOne = { ...plan, activities: [activity] };
      return occurrencesOf(planOfOne, {
        from: input.date,
        to: input.date,
        today,
        marks: marksByKey(marks),
      })[0]!;
    },

    /**
     * Due and overdue (unmarked, up to 90 days back) occurrences across the actor's patients:
     * one more than the list holds is read, to know whether it is truncated.
     */
    async findToday({ actor }: { actor: Actor }): Promise<TToday> {
      const today = await todayOf(actor);
      const items = await findDueOccurrences(db, {
        ownerId: actor.actorId,
        today,
        limit: TODAY_MAX_ITEMS + 1,
      });
      const shown = items.slice(0, TODAY_MAX_ITEMS);
      // One read event per patient whose plans the list shows; one list event when it is empty.
      const patientIds = [...new Set(shown.map((item) => item.patientId))];
      await audit(
        db,
        actor,
        ...(patientIds.length
          ? patientIds.map((patientId) => ({
              action: 'list' as const,
              outcome: 'success' as const,
              patientId,
            }))
          : [{ action: 'list' as const, outcome: 'success' as const, patientId: null }]),
      );
      return { date: today, items: shown, isTruncated: items.length > shown.length };
    },
  };
}

export type OccurrenceService = ReturnType<typeof createOccurrenceService>;
