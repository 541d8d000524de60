import { checkedText } from './text-fields.ts';
import { isCalendarDate } from './zoned-time.ts';

/** Calendar-day fields, `YYYY-MM-DD`: a longer text is refused before the date is read. */

/** A real day. */
export function calendarDay(message: string) {
  return checkedText(10, isCalendarDate, message);
}

/** A real day, or empty (absent = ''). */
export function optionalCalendarDay(message: string) {
  return checkedText(10, (date) => date === '' || isCalendarDate(date), message).default('');
}
