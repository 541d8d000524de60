import { WEEKDAYS, type TWeekday } from '@portal/shared/zoned-time';
import { dateTimeFormat } from './intl-formats.ts';

/** 'Monday' in the reader's language (1 January 2024 was a Monday). */
export function weekdayName(weekday: TWeekday, language: string): string {
  return dateTimeFormat(language, { timeZone: 'UTC', weekday: 'long' }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(weekday))),
  );
}
