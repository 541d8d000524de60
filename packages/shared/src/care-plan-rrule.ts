import * as rruleModule from 'rrule';
import type * as RRuleTypes from 'rrule';
import { RRULE_MESSAGES } from './care-plan-rrule-messages.ts';

// rrule ships CommonJS for Node (its ESM build has extensionless imports Node refuses) and ESM
// for bundlers: Node's namespace holds the classes under `default`, Vite's holds them directly.
const { Frequency, RRule } = (
  'default' in rruleModule && rruleModule.default ? rruleModule.default : rruleModule
) as typeof RRuleTypes;
type Frequency = RRuleTypes.Frequency;

/**
 * Recurrence of a care-plan activity: an RFC 5545 RRULE (the `rrule` package) over whole days.
 * The rule is checked when it is saved and expanded only over a bounded window with a bounded
 * count, so no rule can make a request iterate for long.
 */

export const RRULE_MAX_LENGTH = 300;
/** The most occurrences one activity yields in one expansion. */
export const MAX_OCCURRENCES_PER_EXPANSION = 400;
const MAX_COUNT = 1000;
const MAX_INTERVAL = 1000;

const DAY_MS = 86_400_000;

const RULE_PART = /^[A-Z]+=[A-Z0-9,+\-:]+$/;
type Options = ReturnType<typeof RRule.parseString>;
const list = <T>(value: T | T[] | null | undefined): T[] =>
  value == null ? [] : Array.isArray(value) ? value : [value];
const within = (values: number[], limit: number) =>
  values.every((value) => value !== 0 && Math.abs(value) <= limit);

/** `FREQ=…;…` (an optional `RRULE:` prefix is accepted) as rrule options, or null. */
function parse(rule: string): Options | null {
  const body = rule.replace(/^RRULE:/i, '').toUpperCase();
  if (!body.split(';').every((part) => RULE_PART.test(part))) return null;
  try {
    return RRule.parseString(body);
  } catch {
    return null;
  }
}

/**
 * Whether the rule stays in the subset where every rule occurs at least once per period and
 * year. rrule iterates period by period until a match passes the end (an UNTIL does not stop
 * it), so a rule that never matches (30 February, a 6th Monday, every 7th day on Tuesdays from
 * a Monday) would run to the year 9999: 34 s measured for a daily one.
 */
function isSupported(options: Options): boolean {
  const known = new Set([
    'freq',
    'interval',
    'count',
    'until',
    'wkst',
    'byweekday',
    'bymonthday',
    'bymonth',
    'bysetpos',
  ]);
  if (Object.keys(options).some((key) => !known.has(key))) return false;
  const interval = options.interval ?? 1;
  if (interval < 1 || interval > MAX_INTERVAL) return false;
  if (options.count != null && (options.count < 1 || options.count > MAX_COUNT)) return false;
  const days = list<number | { n?: number }>(
    options.byweekday as number | { n?: number }[] | null,
  ).map((day) => (typeof day === 'number' ? undefined : day.n));
  const ordinals = days.filter((n): n is number => n !== undefined && n !== null);
  const monthDays = list(options.bymonthday);
  const setPositions = list(options.bysetpos);
  const freq = options.freq;
  const isMonthly = freq === Frequency.MONTHLY;
  if (ordinals.length > 0 && !(isMonthly || freq === Frequency.YEARLY)) return false;
  if (!within(ordinals, 4) || !within(monthDays, 28) || !within(setPositions, 4)) return false;
  if (monthDays.length > 0 && (days.length > 0 || !(isMonthly || freq === Frequency.YEARLY)))
    return false;
  if (setPositions.length > 0 && !(isMonthly && days.length > 0 && ordinals.length === 0))
    return false;
  // A filter on days or months may miss every period of a longer step: only daily steps.
  if (interval > 1 && days.length > 0 && freq === Frequency.DAILY) return false;
  if (interval > 1 && list(options.bymonth).length > 0 && freq !== Frequency.YEARLY) return false;
  return true;
}

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (day: Date) => day.toISOString().slice(0, 10);

/** What is wrong with a rule, as a shared message; null when it is fine (empty = once). */
export function rruleProblem(rule: string): string | null {
  if (rule === '') return null;
  if (rule.length > RRULE_MAX_LENGTH) return RRULE_MESSAGES.tooLong;
  if (/DTSTART/i.test(rule)) return RRULE_MESSAGES.hasStart;
  const options = parse(rule);
  if (!options || options.freq === undefined) return RRULE_MESSAGES.invalid;
  if (options.freq > Frequency.DAILY) return RRULE_MESSAGES.tooFrequent;
  if (!isSupported(options)) return RRULE_MESSAGES.unsupported;
  try {
    new RRule({ ...options, dtstart: dayOf('2001-01-01'), tzid: null });
    return null;
  } catch {
    return RRULE_MESSAGES.invalid;
  }
}

/**
 * Where to start iterating so the days from `first` on are the same as from the real start:
 * a whole number of periods later (and one before `first`), the day or month the start implied
 * made explicit. Counted rules (COUNT) count from the real start, so they start there.
 */
function fastForward(
  options: Options,
  start: Date,
  first: Date,
): { options: Options; dtstart: Date } {
  const interval = options.interval ?? 1;
  if (options.count != null || first <= start) return { options, dtstart: start };
  const days = list(options.byweekday).length > 0;
  const monthDays = list(options.bymonthday).length > 0;
  switch (options.freq) {
    case Frequency.DAILY:
    case Frequency.WEEKLY: {
      const periodDays = interval * (options.freq === Frequency.WEEKLY ? 7 : 1);
      const periods = Math.floor((first.getTime() - start.getTime()) / DAY_MS / periodDays) - 1;
      const dtstart = new Date(start.getTime() + Math.max(0, periods) * periodDays * DAY_MS);
      // A weekly rule without BYDAY repeats the start's weekday, which whole weeks keep.
      return { options, dtstart };
    }
    case Frequency.MONTHLY: {
      const months =
        (first.getUTCFullYear() - start.getUTCFullYear()) * 12 +
        first.getUTCMonth() -
        start.getUTCMonth();
      const periods = Math.max(0, Math.floor(months / interval) - 1);
      const dtstart = new Date(
        Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + periods * interval, 1),
      );
      return {
        options: days || monthDays ? options : { ...options, bymonthday: [start.getUTCDate()] },
        dtstart,
      };
    }
    default: {
      const years = first.getUTCFullYear() - start.getUTCFullYear();
      const periods = Math.max(0, Math.floor(years / interval) - 1);
      const dtstart = new Date(Date.UTC(start.getUTCFullYear() + periods * interval, 0, 1));
      const hasMonths = list(options.bymonth).length > 0;
      return {
        options: {
          ...options,
          ...(!hasMonths && { bymonth: [start.getUTCMonth() + 1] }),
          ...(!days && !monthDays && { bymonthday: [start.getUTCDate()] }),
        },
        dtstart,
      };
    }
  }
}

/**
 * The days an activity occurs on between `from` and `to` (inclusive, `YYYY-MM-DD`), at most
 * `MAX_OCCURRENCES_PER_EXPANSION`: the start alone when it has no rule.
 */
export function occurrenceDates({
  start,
  rrule,
  from,
  to,
}: {
  start: string;
  rrule: string;
  from: string;
  to: string;
}): string[] {
  if (rrule === '') return start >= from && start <= to ? [start] : [];
  const parsed = parse(rrule);
  if (!parsed || to < start || rruleProblem(rrule)) return [];
  const first = dayOf(from > start ? from : start);
  const { options, dtstart } = fastForward(parsed, dayOf(start), first);
  try {
    const rule = new RRule({ ...options, dtstart, tzid: null });
    return rule
      .between(
        first,
        new Date(dayOf(to).getTime() + DAY_MS - 1),
        true,
        (_day, index) => index < MAX_OCCURRENCES_PER_EXPANSION,
      )
      .map(dateOf);
  } catch {
    return [];
  }
}

/** The first day after `after` the activity occurs on (`YYYY-MM-DD`), or null when none does. */
export function nextOccurrenceAfter({
  start,
  rrule,
  after,
}: {
  start: string;
  rrule: string;
  after: string;
}): string | null {
  if (rrule === '') return start > after ? start : null;
  const parsed = parse(rrule);
  if (!parsed || rruleProblem(rrule)) return null;
  const next = new Date(dayOf(after).getTime() + DAY_MS);
  const first = next > dayOf(start) ? next : dayOf(start);
  const { options, dtstart } = fastForward(parsed, dayOf(start), first);
  try {
    // A supported rule matches in every period, so this stops at the next period at the latest.
    const found = new RRule({ ...options, dtstart, tzid: null }).after(first, true);
    return found ? dateOf(found) : null;
  } catch {
    return null;
  }
}

/** Whether `date` is one of the activity's days. */
export function isOccurrence(activity: { start: string; rrule: string }, date: string): boolean {
  return occurrenceDates({ ...activity, from: date, to: date }).includes(date);
}

/** The rule's parts the friendly summary understands, or null for any other rule. */
export function simpleRecurrence(rule: string): {
  freq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  interval: number;
  count?: number;
  until?: string;
} | null {
  const options = parse(rule);
  if (!options || options.freq === undefined) return null;
  const known = new Set(['freq', 'interval', 'count', 'until', 'wkst']);
  if (Object.keys(options).some((key) => !known.has(key))) return null;
  const freq = (
    {
      [Frequency.DAILY]: 'daily',
      [Frequency.WEEKLY]: 'weekly',
      [Frequency.MONTHLY]: 'monthly',
      [Frequency.YEARLY]: 'yearly',
    } as Partial<Record<Frequency, 'daily' | 'weekly' | 'monthly' | 'yearly'>>
  )[options.freq];
  if (!freq) return null;
  return {
    freq,
    interval: options.interval ?? 1,
    ...(options.count != null && { count: options.count }),
    ...(options.until && { until: dateOf(options.until) }),
  };
}

export { RRULE_MESSAGES };
