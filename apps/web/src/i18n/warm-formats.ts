import { isTimeZone } from '@portal/shared/zoned-time';
import { dateTimeFormat } from './intl-formats.ts';

/**
 * Makes the first time-zone formatters ahead of a signed-in page's data, each in a task of its
 * own. The first `Intl.DateTimeFormat` with a `timeZone` loads ICU's time-zone data, the first in
 * the reader's language its date patterns (together 70–110 ms on a phone); made inside the
 * render that shows today's appointments, that time joined the render's long task. The reader's
 * own zone is the one their schedule usually has, so these are the cached formatters that render
 * then reuses.
 */
export function warmTimeFormats(language: string): void {
  const { timeZone } = new Intl.DateTimeFormat().resolvedOptions();
  // Makes and keeps zoned-time's formatter for the zone (its wall-clock readings).
  if (!isTimeZone(timeZone)) return;
  setTimeout(() => dateTimeFormat(language, { timeZone, timeStyle: 'short' }).format(0));
}
