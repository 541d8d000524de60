import type { TWorkingDay, TWorkingHours } from '@portal/shared/profile';
import { minutesOfTime, weekdayOf, type TWeekday } from '@portal/shared/zoned-time';

export interface OutsideHours {
  weekday: TWeekday;
  /** That weekday's working time, or null on a day off. */
  hours: TWorkingDay | null;
}

/**
 * Whether an appointment from `time` on `date` for `duration` minutes lies (partly) outside the
 * practitioner's working hours. Booking there is allowed (walk-ins, emergencies), after a
 * warning: this says which day's hours it leaves, for that warning.
 */
export function outsideWorkingHours({
  date,
  time,
  duration,
  workingHours,
}: {
  date: string;
  time: string;
  duration: number;
  workingHours: TWorkingHours;
}): OutsideHours | undefined {
  const weekday = weekdayOf(date);
  const hours = workingHours[weekday];
  const start = minutesOfTime(time);
  if (
    hours &&
    start >= minutesOfTime(hours.start) &&
    start + duration <= minutesOfTime(hours.end)
  ) {
    return undefined;
  }
  return { weekday, hours };
}
