import { addDays, fromWallTime, toWallTime } from '@portal/shared/zoned-time';

/** How many items a panel lists before it sends the reader to the full page. */
export const PANEL_ITEMS_MAX = 8;

/**
 * Today on the practitioner's clock (the profile's time zone, never the browser's) and the UTC
 * instants it spans, [from, to): the agenda asks for a day in the same way, so both share one
 * answer. A day is not always 24 hours long (summer time), hence from midnight to next midnight.
 */
export function dayIn(timeZone: string, now: Date): { date: string; from: string; to: string } {
  const { date } = toWallTime(now, timeZone);
  return {
    date,
    from: fromWallTime({ date, time: '00:00' }, timeZone).toISOString(),
    to: fromWallTime({ date: addDays(date, 1), time: '00:00' }, timeZone).toISOString(),
  };
}
