/**
 * Wall-clock times in an IANA time zone, with nothing but `Intl`: the API computes free slots
 * with these and the web turns a picked day and time into the instant it sends, so both sides
 * agree across daylight-saving changes.
 */

/** A calendar day `YYYY-MM-DD` and a wall-clock time `HH:MM` in some time zone. */
export interface TWallTime {
  date: string;
  time: string;
}

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Further than any zone's offset changes within one day; brackets the offsets around a time. */
const HALF_DAY_MS = DAY_MS / 2;

/** An IANA name such as `Europe/Berlin`: letters first, no offsets like `+01:00`. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
export const TIME_ZONE_MAX = 64;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `Intl` knows this IANA time zone name (offsets and unknown names are refused). */
export function isTimeZone(name: string): boolean {
  if (name.length > TIME_ZONE_MAX || !IANA_NAME.test(name)) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of an instant in a zone, read with `Intl` (about a microsecond). */
function readWallMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/**
 * Per zone, per UTC day: the zone's offset when it is the same at the day's first and last
 * second, so the whole day has it (null when the offset changes that day). A week of the agenda
 * then asks `Intl` 14 times instead of twice per appointment.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();
const DAY_OFFSETS_KEPT = 4_096;

function offsetOfDay(day: number, timeZone: string): number | null {
  let days = dayOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    dayOffsets.set(timeZone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    const first = day * DAY_MS;
    const last = first + DAY_MS - 1000;
    const atFirst = readWallMs(first, timeZone) - first;
    offset = readWallMs(last, timeZone) - last === atFirst ? atFirst : null;
    if (days.size >= DAY_OFFSETS_KEPT) days.clear();
    days.set(day, offset);
  }
  return offset;
}

/** The wall-clock reading of an instant in a zone, as milliseconds of a UTC calendar. */
function wallMs(instant: number, timeZone: string): number {
  const offset = offsetOfDay(Math.floor(instant / DAY_MS), timeZone);
  if (offset === null) return readWallMs(instant, timeZone);
  // Intl reads whole seconds; so does the cached offset.
  const whole = Math.floor(instant / 1000) * 1000;
  return whole + offset;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetMs(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallMs(whole, timeZone) - whole;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function dateText(ms: number): string {
  const day = new Date(ms);
  return `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** `YYYY-MM-DD` as milliseconds at midnight UTC, or NaN when it is not a real day. */
function dayMs(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  return dateText(ms) === date ? ms : Number.NaN;
}

/**
 * The years a day or a time the API takes may fall in: far wider than any appointment, visit
 * or prescription needs, and narrow enough that an end computed from it (a start plus hours)
 * stays a four-digit year that every layer (JavaScript's ISO text, PostgreSQL) reads back.
 */
export const DATE_YEARS = { min: 1900, max: 2200 } as const;

export const DATE_MESSAGES = {
  outOfRange: 'Please choose a date between the years 1900 and 2200.',
} as const;

/** Whether a text that starts with its year (`YYYY-MM-DD…`) falls within `DATE_YEARS`. */
export function isInDateYears(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/** Whether the text is a real calendar day `YYYY-MM-DD`. */
export function isCalendarDate(date: string): boolean {
  return !Number.isNaN(dayMs(date));
}

/** `HH:MM` (00:00–24:00) as minutes after midnight, or NaN. */
export function minutesOfTime(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return Number.NaN;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return Number.NaN;
  return hours * 60 + minutes;
}

/** The day `days` after (or before) a calendar day. */
export function addDays(date: string, days: number): string {
  return dateText(dayMs(date) + days * DAY_MS);
}

/** The weekday of a calendar day (the same in every time zone). */
export function weekdayOf(date: string): TWeekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday (ISO 8601).
  return WEEKDAYS[(new Date(dayMs(date)).getUTCDay() + 6) % 7]!;
}

/** The wall-clock day and time of an instant in a zone. */
export function toWallTime(instant: Date | string, timeZone: string): TWallTime {
  const ms = wallMs(new Date(instant).getTime(), timeZone);
  const minutes = Math.floor((ms % DAY_MS) / MINUTE_MS);
  return { date: dateText(ms), time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
}

/**
 * The instant a wall-clock time in a zone means. Like Temporal's 'compatible': a time that
 * happens twice (clocks going back) is the earlier one, a time that never happens (clocks going
 * forward) is moved on by the length of the gap, so 02:30 on a spring-forward night is 03:30.
 * `24:00` is midnight at the end of the day.
 */
export function fromWallTime({ date, time }: TWallTime, timeZone: string): Date {
  const local = dayMs(date) + minutesOfTime(time) * MINUTE_MS;
  if (Number.isNaN(local)) return new Date(Number.NaN);
  const before = offsetMs(local - HALF_DAY_MS, timeZone);
  const after = offsetMs(local + HALF_DAY_MS, timeZone);
  const candidates = [before, after]
    .filter((offset) => wallMs(local - offset, timeZone) === local)
    .map((offset) => local - offset);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(local - before);
}
