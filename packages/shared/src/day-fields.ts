import { checkedText } from './text-fields.ts';
import { DATE_MESSAGES, isCalendarDate, isInDateYears } from './zoned-time.ts';

/**
 * Calendar-day fields, `YYYY-MM-DD`: a longer text is refused before the date is read; a real
 * day outside `DATE_YEARS` gets its own message.
 */

const isInYearsIfDay = (date: string) => !isCalendarDate(date) || isInDateYears(date);

/** A real day. */
export function calendarDay(message: string) {
  return checkedText(10, isCalendarDate, message).refine(isInYearsIfDay, {
    error: DATE_MESSAGES.outOfRange,
  });
}

/** A real day, or empty (absent = ''). */
export function optionalCalendarDay(message: string) {
  return checkedText(10, (date) => date === '' || isCalendarDate(date), message)
    .refine((date) => date === '' || isInYearsIfDay(date), { error: DATE_MESSAGES.outOfRange })
    .default('');
}
