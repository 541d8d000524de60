import i18next from 'i18next';

/** Numbers in the reader's language (Arabic digits in Arabic, grouping per locale). */
export function formatNumber(value: number, language = i18next.language): string {
  return new Intl.NumberFormat(language).format(value);
}
