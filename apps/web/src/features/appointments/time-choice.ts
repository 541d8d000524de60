import type { TWorkingHours } from '@portal/shared/profile';
import { fromWallTime, minutesOfTime, toWallTime } from '@portal/shared/zoned-time';
import type { TimeChoice } from './time-picker.tsx';
import { outsideWorkingHours, type OutsideHours } from './working-hours.ts';

/** Minutes an appointment takes when booked (the API takes 5 to 480). */
export const DURATIONS = [10, 15, 20, 30, 45, 60, 90, 120] as const;
export const DEFAULT_DURATION = 30;

/** The instant (UTC, ISO 8601) a picked day and time mean on the practitioner's clock. */
export function startOf(
  choice: TimeChoice | null,
  date: string,
  timeZone: string,
): string | undefined {
  if (!choice) return undefined;
  if (choice.kind === 'slot') return choice.start;
  if (!date || Number.isNaN(minutesOfTime(choice.time))) return undefined;
  const instant = fromWallTime({ date, time: choice.time }, timeZone);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/** Whether the picked time needs the outside-hours warning; free slots never do. */
export function outsideOf({
  choice,
  date,
  duration,
  timeZone,
  workingHours,
}: {
  choice: TimeChoice | null;
  date: string;
  duration: number;
  timeZone: string;
  workingHours: TWorkingHours;
}): OutsideHours | undefined {
  if (choice?.kind !== 'other') return undefined;
  const start = startOf(choice, date, timeZone);
  if (!start) return undefined;
  // The clock's reading, so a time in a skipped hour is checked where it really falls.
  const wall = toWallTime(start, timeZone);
  return outsideWorkingHours({ date: wall.date, time: wall.time, duration, workingHours });
}
