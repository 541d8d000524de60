import i18n from './i18n.ts';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

/** Numbers in the reader's language (Arabic digits in Arabic, grouping per locale). */
export function formatNumber(value: number, language = i18n.language): string {
  return numberFormat(language).format(value);
}

/** A calendar day (`YYYY-MM-DD`) in the reader's language; the day itself, not an instant. */
export function formatDay(date: string, language: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return dateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'medium' }).format(day);
}
