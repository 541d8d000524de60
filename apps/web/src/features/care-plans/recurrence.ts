import type { TFunction } from '../../i18n/translator.ts';
import { simpleRecurrence } from '@portal/shared/care-plan-rrule';

/** The recurrences offered by name; any other rule is 'custom' and typed as an RRULE. */
export const RECURRENCE_PRESETS = [
  { key: 'once', rrule: '' },
  { key: 'daily', rrule: 'FREQ=DAILY' },
  { key: 'weekly', rrule: 'FREQ=WEEKLY' },
  { key: 'monthly', rrule: 'FREQ=MONTHLY' },
  { key: 'every3Months', rrule: 'FREQ=MONTHLY;INTERVAL=3' },
  { key: 'every6Months', rrule: 'FREQ=MONTHLY;INTERVAL=6' },
  { key: 'yearly', rrule: 'FREQ=YEARLY' },
] as const;

export type TPresetKey = (typeof RECURRENCE_PRESETS)[number]['key'] | 'custom';

/** The preset a stored rule is, or 'custom'. */
export function presetOf(rule: string): TPresetKey {
  const normal = rule.replace(/^RRULE:/i, '').toUpperCase();
  return RECURRENCE_PRESETS.find((preset) => preset.rrule === normal)?.key ?? 'custom';
}

/**
 * The rule in words, in the reader's language: 'Every 3 months, until …' for the rules a
 * sentence can say (frequency, interval, count, until); any other rule is shown as written.
 */
export function recurrenceSummary(t: TFunction, rule: string): string {
  if (rule.trim() === '') return t('carePlans:recurrence.summaryOnce');
  const simple = simpleRecurrence(rule);
  if (!simple) return t('carePlans:recurrence.summaryCustom', { rule });
  const every = t(`carePlans:recurrence.every.${simple.freq}`, { count: simple.interval });
  if (simple.count !== undefined)
    return t('carePlans:recurrence.times', { every, count: simple.count });
  if (simple.until) return t('carePlans:recurrence.until', { every, date: simple.until });
  return every;
}
