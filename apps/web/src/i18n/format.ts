import i18n from './i18n.ts';

/** Numbers in the reader's language (Arabic digits in Arabic, grouping per locale). */
export function formatNumber(value: number, language = i18n.language): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A calendar day (`YYYY-MM-DD`) in the reader's language; the day itself, not an instant. */
export function formatDay(date: string, language: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'medium' }).format(day);
}
