import { APPOINTMENT_LIMITS, type TFreeSlot, type TFreeSlots } from '@portal/shared/appointment';
import { SCHEDULE_LIMITS, type TWorkingHours } from '@portal/shared/profile';
import { fromWallTime, toWallTime, weekdayOf } from '@portal/shared/zoned-time';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById } from '../users/users.repository.ts';
import type { Actor } from './appointments.refusals.ts';
import { findLiveBetween } from './appointments.repository.ts';
import type { Clock } from '../../lib/clock.ts';

const MINUTE_MS = 60_000;
const STEP_MS = APPOINTMENT_LIMITS.slotStepMinutes * MINUTE_MS;

/** The instants a day's working hours span in the practitioner's zone, or null on a day off. */
export function workingSpan({
  date,
  workingHours,
  timeZone,
}: {
  date: string;
  workingHours: TWorkingHours;
  timeZone: string;
}): { start: Date; end: Date } | null {
  const hours = workingHours[weekdayOf(date)];
  if (!hours) return null;
  return {
    start: fromWallTime({ date, time: hours.start }, timeZone),
    end: fromWallTime({ date, time: hours.end }, timeZone),
  };
}

/**
 * Free slots of `duration` minutes within [start, end), on a 15-minute grid from `start` in real
 * time (so a day with a daylight-saving change has the slots its clock really has), minus the
 * busy intervals and anything that has already begun by `now`.
 */
export function freeSlots({
  span,
  duration,
  busy,
  timeZone,
  now,
}: {
  span: { start: Date; end: Date };
  duration: number;
  busy: { startsAt: Date; endsAt: Date }[];
  timeZone: string;
  now: Date;
}): TFreeSlot[] {
  const slots: TFreeSlot[] = [];
  const length = duration * MINUTE_MS;
  for (let at = span.start.getTime(); at + length <= span.end.getTime(); at += STEP_MS) {
    const end = at + length;
    if (at < now.getTime()) continue;
    const isBusy = busy.some(
      (interval) => interval.startsAt.getTime() < end && interval.endsAt.getTime() > at,
    );
    if (isBusy) continue;
    slots.push({
      start: new Date(at).toISOString(),
      end: new Date(end).toISOString(),
      localTime: toWallTime(new Date(at), timeZone).time,
    });
  }
  return slots;
}

/** Free slots as the API answers them, for the practitioner asking. */
export function createFreeSlotFinder({ db, now }: { db: Db; now: Clock }) {
  return {
    /**
     * A day's free slots: the practitioner's working hours that day, in their time zone, minus
     * their live appointments and what has already begun.
     */
    async findFreeSlots({
      actor,
      date,
      duration,
    }: {
      actor: Actor;
      date: string;
      duration: number;
    }): Promise<TFreeSlots> {
      const user = await findUserById(db, actor.actorId);
      if (!user) throw new AppError('NOT_AUTHENTICATED');
      const timeZone = user.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
      const span = workingSpan({ date, workingHours: user.workingHours, timeZone });
      const answer = { date, timeZone, duration, slots: [] as TFreeSlots['slots'] };
      if (!span) return answer;
      const busy = await findLiveBetween(db, {
        ownerId: actor.actorId,
        from: span.start,
        to: span.end,
      });
      return { ...answer, slots: freeSlots({ span, duration, busy, timeZone, now: now() }) };
    },
  };
}
