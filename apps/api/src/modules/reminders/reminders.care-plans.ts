import { addDays, fromWallTime, toWallTime } from '@portal/shared/zoned-time';
import type { Db } from '../../db/client.ts';
import { bringDueUpToDate, DUE_DAYS_BACK } from '../care-plans/care-plans.due.ts';
import { findMembersDueOn, pruneDueBefore } from '../care-plans/care-plans.due.repository.ts';
import { insertReminders } from './reminders.repository.ts';

/**
 * A step of the reminders sweep (reminders.jobs.ts): every activity of an active care plan that
 * occurs today on its practitioner's clock, and is not marked done or skipped, gets a reminder
 * dated that day's start. Members only (a refund ends them with the rest of premium), and live
 * patients only (a patient in the trash gets none until restored). The members' due rows are
 * brought up to date first (each rule expanded at most once a day, care-plans.due.ts), then
 * today's rows become reminders in bulk; the reminders' unique key makes a repeated sweep, or
 * two instances at once, add nothing.
 */
export async function insertDueCarePlanReminders(
  db: Db,
  { isEmailPending, now = new Date() }: { isEmailPending: boolean; now?: Date },
): Promise<number> {
  await bringDueUpToDate(db, { now, isMembersOnly: true });
  const utcToday = now.toISOString().slice(0, 10);
  // Every clock's today is one of these three days.
  const days = [addDays(utcToday, -1), utcToday, addDays(utcToday, 1)];
  const due = await findMembersDueOn(db, days);
  const todays = new Map<string, { date: string; start: Date }>();
  const todayIn = (zone: string) => {
    let today = todays.get(zone);
    if (!today) {
      const date = toWallTime(now, zone).date;
      today = { date, start: fromWallTime({ date, time: '00:00' }, zone) };
      todays.set(zone, today);
    }
    return today;
  };
  const reminders = due.flatMap((row) => {
    const today = todayIn(row.timeZone ?? 'UTC');
    if (row.occursOn !== today.date) return [];
    return [
      {
        ownerId: row.ownerId,
        patientId: row.patientId,
        source: 'care-plan-activity' as const,
        sourceId: row.activityId,
        eventAt: today.start,
      },
    ];
  });
  const created = await insertReminders(db, { reminders, isEmailPending });
  // Two days of margin for the clocks ahead of UTC.
  await pruneDueBefore(db, addDays(utcToday, -(DUE_DAYS_BACK + 2)));
  return created;
}
