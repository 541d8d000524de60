import { and, eq, isNull } from 'drizzle-orm';
import { occurrenceDates } from '@portal/shared/care-plan-rrule';
import { fromWallTime, toWallTime } from '@portal/shared/zoned-time';
import type { Db } from '../../db/client.ts';
import { carePlans } from '../../db/schema/care-plans.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';
import { insertReminder } from '../reminders/reminders.repository.ts';
import { findMarks } from './care-plans.repository.ts';

/**
 * A step of the reminders sweep (reminders.jobs.ts): every activity of an active care plan that
 * occurs today on its practitioner's clock, and is not marked done or skipped, gets a reminder
 * dated that day's start. Members only (a refund ends them with the rest of Premier). The
 * reminders' unique key makes a repeated sweep, or two instances at once, add nothing.
 * Occurrences come from each activity's rule (only marks are stored), so this reads the active
 * plans of members and expands each rule over one day.
 */
export async function insertDueCarePlanReminders(
  db: Db,
  { isEmailPending, now = new Date() }: { isEmailPending: boolean; now?: Date },
): Promise<number> {
  const plans = await db
    .select({ plan: carePlans, timeZone: users.timeZone })
    .from(carePlans)
    .innerJoin(patients, and(eq(patients.id, carePlans.patientId), isNull(patients.deletedAt)))
    .innerJoin(users, eq(users.id, carePlans.ownerId))
    .where(and(eq(carePlans.status, 'active'), eq(users.isPremium, true)));
  let created = 0;
  for (const { plan, timeZone } of plans) {
    const zone = timeZone ?? 'UTC';
    const today = toWallTime(now, zone).date;
    const due = plan.activities.filter(
      (activity) =>
        occurrenceDates({ start: activity.start, rrule: activity.rrule, from: today, to: today })
          .length,
    );
    if (due.length === 0) continue;
    const marks = await findMarks(db, {
      ownerId: plan.ownerId,
      carePlanIds: [plan.id],
      from: today,
      to: today,
    });
    for (const activity of due) {
      if (marks.some((mark) => mark.activityId === activity.id)) continue;
      const id = await insertReminder(db, {
        reminder: {
          ownerId: plan.ownerId,
          patientId: plan.patientId,
          source: 'care-plan-activity',
          sourceId: activity.id,
          eventAt: fromWallTime({ date: today, time: '00:00' }, zone),
        },
        isEmailPending,
      });
      if (id) created += 1;
    }
  }
  return created;
}
