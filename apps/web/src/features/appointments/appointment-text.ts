import type { TFunction } from '../../i18n/translator.ts';
import type {
  TAppointment,
  TAppointmentConflict,
  TAppointmentKind,
  TAppointmentStatus,
} from '@portal/shared/appointment';
import { minutesOfTime } from '@portal/shared/zoned-time';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/**
 * Dates and times for the reader: in the reader's language (`Intl`, so Arabic gets its own
 * digits and order) and on the practitioner's clock (the profile's time zone), never the
 * browser's zone.
 */

/** A calendar day 'YYYY-MM-DD' as a UTC midnight, to be formatted in UTC. */
function dayInstant(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** 'Monday, 23 November 2026' (or the reader's language's order). */
export function formatDay(date: string, language: string): string {
  return dateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'full' }).format(dayInstant(date));
}

/** '23–29 November 2026': a range of days, as the reader's language writes it. */
export function formatDays(from: string, to: string, language: string): string {
  return dateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'long' }).formatRange(
    dayInstant(from),
    dayInstant(to),
  );
}

/** The time of an instant on the practitioner's clock: '09:30' or '9:30 AM'. */
export function formatTime(instant: string | Date, timeZone: string, language: string): string {
  return dateTimeFormat(language, { timeZone, timeStyle: 'short' }).format(new Date(instant));
}

/** '09:00–09:30': an appointment's start and end on the practitioner's clock. */
export function formatTimes(
  appointment: Pick<TAppointment, 'start' | 'end'>,
  timeZone: string,
  language: string,
): string {
  return dateTimeFormat(language, { timeZone, timeStyle: 'short' }).formatRange(
    new Date(appointment.start),
    new Date(appointment.end),
  );
}

/** 'Monday, 23 November 2026 at 09:00': a day and time on the practitioner's clock. */
export function formatWhen(instant: string | Date, timeZone: string, language: string): string {
  return dateTimeFormat(language, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(instant),
  );
}

/** A wall-clock 'HH:MM' (working hours) as the reader's language writes a time. */
export function formatClock(time: string, language: string): string {
  const minutes = minutesOfTime(time);
  // 24:00 ends a day: shown as the midnight it is.
  const instant = new Date(Date.UTC(2000, 0, 1) + (minutes % (24 * 60)) * 60_000);
  return dateTimeFormat(language, { timeZone: 'UTC', timeStyle: 'short' }).format(instant);
}

/**
 * A name inside a sentence, isolated (U+2068 … U+2069): a Latin name in an Arabic sentence, or
 * the reverse, keeps its own order and leaves the sentence's order alone.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

export function kindLabel(t: TFunction, kind: TAppointmentKind): string {
  return t(`appointments:kinds.${kind}`);
}

export function statusLabel(t: TFunction, status: TAppointmentStatus): string {
  return t(`appointments:statuses.${status}`);
}

/** '30 minutes', '1 hour 30 minutes', in the reader's language. */
export function durationLabel(t: TFunction, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('appointments:duration.minutes', { count: rest });
  if (rest === 0) return t('appointments:duration.hours', { count: hours });
  return t('appointments:duration.hoursAndMinutes', {
    hours: t('appointments:duration.hours', { count: hours }),
    minutes: t('appointments:duration.minutes', { count: rest }),
  });
}

/**
 * The 409 `APPOINTMENT_CONFLICT` in the reader's language: the clashing appointment's time
 * (on the practitioner's clock) and patient, from the body's `conflict`, never the English
 * `message`.
 */
export function conflictText(
  t: TFunction,
  conflict: TAppointmentConflict['conflict'],
  language: string,
): string {
  return t('appointments:conflict', {
    patient: isolate(conflict.patientName),
    when: formatWhen(conflict.start, conflict.timeZone, language),
    until: formatTime(conflict.end, conflict.timeZone, language),
  });
}

/** The `conflict` of a failed call's body, if it was a 409 APPOINTMENT_CONFLICT. */
export function conflictOf(error: unknown): TAppointmentConflict['conflict'] | undefined {
  const data = (error as { data?: unknown } | undefined)?.data as
    Partial<TAppointmentConflict> | undefined;
  return data?.code === 'APPOINTMENT_CONFLICT' && data.conflict ? data.conflict : undefined;
}
