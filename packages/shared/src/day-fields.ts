import { z } from 'zod';
import { isCalendarDate } from './zoned-time.ts';

/** Calendar-day fields, `YYYY-MM-DD`: a longer text is refused before the date is read. */

/** A real day. */
export function calendarDay(message: string) {
  return z
    .string({ error: message })
    .max(10, { error: message, abort: true })
    .refine(isCalendarDate, { error: message });
}

/** A real day, or empty (absent = ''). */
export function optionalCalendarDay(message: string) {
  return z
    .string({ error: message })
    .max(10, { error: message, abort: true })
    .refine((date) => date === '' || isCalendarDate(date), { error: message })
    .default('');
}
