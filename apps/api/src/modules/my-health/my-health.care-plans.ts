import type { TMyCarePlan } from '@portal/shared/my-health';
import { isOccurrence } from '@portal/shared/care-plan-rrule';
import { CARE_PLAN_KIND } from '@portal/shared/care-plan';
import { toWallTime } from '@portal/shared/zoned-time';
import type { DbAndClock } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { storedId } from '../../lib/uuid.ts';
import { insertActorAuditEvents } from '../audit/owned-records.ts';
import { applyMarkToDue } from '../care-plans/care-plans.due.ts';
import { lockPlan } from '../care-plans/care-plans.due.repository.ts';
import {
  carePlanStore,
  findMarks,
  findUserClock,
  upsertMark,
} from '../care-plans/care-plans.repository.ts';
import { getLinkedPatient, type RecordViewpoint } from './linked-patient.ts';
import { MY_LIST_MAX, pickView, type MyPlace } from './my-health.service.ts';

/**
 * A linked patient's care plans: the active ones, each activity with today's occurrence on the
 * practice's clock, which the patient may mark done or skipped. A mark is stored as the
 * practitioner's own are, with the patient as `marked_by`, so the practitioner's occurrences
 * list names who marked it.
 */
export function createMyCarePlanService({ db, now = systemClock }: DbAndClock) {
  /** Today where the practice is (UTC until the practitioner's browser sent a time zone). */
  async function practiceToday(link: RecordViewpoint): Promise<string> {
    const clock = await findUserClock(db, link.ownerId);
    return toWallTime(now(), clock?.timeZone ?? 'UTC').date;
  }

  /** The active plans as the screen shows them, for a viewpoint that passed a gate (not audited). */
  async function readCarePlans(link: RecordViewpoint): Promise<TMyCarePlan[]> {
    const plans = await carePlanStore.list(db, {
      ownerId: link.ownerId,
      patientId: link.patientId,
      status: 'active',
      after: null,
      limit: MY_LIST_MAX,
    });
    const today = await practiceToday(link);
    const marks = await findMarks(db, {
      ownerId: link.ownerId,
      carePlanIds: plans.map((plan) => plan.id),
      from: today,
      to: today,
    });
    return plans.map((plan) => {
      const activities = plan.activities.map((activity) => {
        const mark = marks.find(
          (one) => one.carePlanId === plan.id && one.activityId === activity.id,
        );
        return {
          _id: activity.id,
          title: activity.title,
          todayOccurrence: isOccurrence(activity, today)
            ? { date: today, state: (mark?.mark ?? 'due') as 'due' | 'done' | 'skipped' }
            : null,
        };
      });
      return pickView(
        { _id: plan.id, title: plan.title, activities },
        CARE_PLAN_KIND.patientView,
      ) as TMyCarePlan;
    });
  }

  return {
    readCarePlans,

    async findCarePlans(place: MyPlace): Promise<{ items: TMyCarePlan[] }> {
      const link = await getLinkedPatient(db, { ...place, action: 'list' });
      const items = await readCarePlans(link);
      await insertActorAuditEvents(db, place.actor, [
        { patientId: link.patientId, action: 'list', outcome: 'success' },
      ]);
      return { items };
    },

    /**
     * Marks one occurrence done or skipped: it must be one of the activity's days and not one
     * to come (what has not happened cannot be done). Audited as an update of the care plan.
     */
    async markOccurrence({
      carePlanId,
      activityId,
      day,
      status,
      ...place
    }: MyPlace & {
      carePlanId: string;
      activityId: string;
      day: string;
      status: 'done' | 'skipped';
    }) {
      const link = await getLinkedPatient(db, { ...place, action: 'update' });
      const scope = { ownerId: link.ownerId, patientId: link.patientId };
      const planId = storedId(carePlanId);
      const plan = planId && (await carePlanStore.find(db, { ...scope, id: planId }));
      const entry = { patientId: link.patientId, action: 'update' as const };
      if (!plan || plan.status !== 'active') {
        await insertActorAuditEvents(db, place.actor, [{ ...entry, outcome: 'denied' }]);
        throw new AppError('CARE_PLAN_NOT_FOUND');
      }
      const subject = { kind: 'carePlan' as const, id: plan.id };
      const activity = plan.activities.find((one) => one.id === activityId.toLowerCase());
      if (!activity || !isOccurrence(activity, day)) {
        await insertActorAuditEvents(db, place.actor, [{ ...entry, subject, outcome: 'denied' }]);
        throw new AppError('OCCURRENCE_NOT_FOUND');
      }
      if (day > (await practiceToday(link))) {
        await insertActorAuditEvents(db, place.actor, [{ ...entry, subject, outcome: 'conflict' }]);
        throw new AppError('OCCURRENCE_NOT_YET_DUE');
      }
      await db.transaction(async (tx) => {
        const locked = (await lockPlan(tx, plan.id)) ?? plan;
        await applyMarkToDue(tx, locked, { activityId: activity.id, occursOn: day, isDue: false });
        await upsertMark(tx, {
          ownerId: link.ownerId,
          carePlanId: plan.id,
          activityId: activity.id,
          occursOn: day,
          mark: status,
          markedBy: place.actor.actorId,
          markedAt: now(),
        });
        await insertActorAuditEvents(tx, place.actor, [{ ...entry, subject, outcome: 'success' }]);
      });
      return { date: day, state: status };
    },
  };
}

export type MyCarePlanService = ReturnType<typeof createMyCarePlanService>;
