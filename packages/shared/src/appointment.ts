import { z } from 'zod';
import { calendarDay } from './day-fields.ts';
import { patientRecordAnswer } from './entity-answer.ts';
import { wholeNumber } from './number-fields.ts';
import { ZPageQuery } from './patient.ts';
import { checkedText, optionalTextOf } from './text-fields.ts';
import { DATE_MESSAGES, isCalendarDate, isInDateYears } from './zoned-time.ts';
import { APPOINTMENT_MESSAGES } from './appointment-messages.ts';

export const APPOINTMENT_KINDS = ['in-person', 'video', 'phone'] as const;
export type TAppointmentKind = (typeof APPOINTMENT_KINDS)[number];

export const APPOINTMENT_STATUSES = [
  'requested',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'no-show',
] as const;
export type TAppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * The statuses a practitioner may give an appointment (`POST`/`PUT /api/appointments`):
 * `requested` is made only by an online booking that waits for the practitioner's answer.
 */
export const PRACTITIONER_APPOINTMENT_STATUSES = [
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'no-show',
] as const satisfies readonly TAppointmentStatus[];

/**
 * Statuses that hold the time: only these may never overlap (the database enforces it). A
 * request holds its slot until it is confirmed, declined or expires.
 */
export const LIVE_APPOINTMENT_STATUSES = [
  'requested',
  'booked',
  'arrived',
  'fulfilled',
] as const satisfies readonly TAppointmentStatus[];

export const APPOINTMENT_LIMITS = {
  durationMin: 5,
  durationMax: 480,
  reasonMax: 200,
  noteMax: 2000,
  /** The longest `from`–`to` range of one agenda request. */
  rangeDaysMax: 62,
  /** Free slots start on this grid from the start of the working hours. */
  slotStepMinutes: 15,
  declineMessageMax: 500,
  /** A request expires this long after it was made… */
  requestHoldHours: 48,
  /** …or this long before its start, whichever comes first. */
  requestAnswerBeforeStartHours: 2,
} as const;

/**
 * Why an appointment was cancelled, when the system knows: `declined` (the practitioner said no
 * to a request), `expired` (a request was not answered in time). Null for any other cancellation
 * (by the practitioner's status change, or by the linked patient).
 */
export const CANCEL_REASONS = ['declined', 'expired'] as const;
export type TCancelReason = (typeof CANCEL_REASONS)[number];

/** When a request made at `requestedAt` for `start` stops holding its slot. */
/**
 * The earliest start an online booking can take at `at`: a request must leave the practitioner
 * time to answer, so none starts within `requestAnswerBeforeStartHours`; an instant booking any
 * time not yet begun. The public free slots start here, so every time offered can be booked.
 */
export function earliestBookableStart(at: Date, onlineBooking: 'request' | 'instant'): Date {
  return onlineBooking === 'request'
    ? new Date(at.getTime() + APPOINTMENT_LIMITS.requestAnswerBeforeStartHours * 3_600_000)
    : at;
}

export function requestExpiresAt(requestedAt: Date, start: Date): Date {
  const hour = 3_600_000;
  return new Date(
    Math.min(
      requestedAt.getTime() + APPOINTMENT_LIMITS.requestHoldHours * hour,
      start.getTime() - APPOINTMENT_LIMITS.requestAnswerBeforeStartHours * hour,
    ),
  );
}

export { NO_CONTROL_CHARACTERS } from './text-fields.ts';

/** Optional free text of an appointment (its reason, its note). */
export const optionalText = optionalTextOf(APPOINTMENT_MESSAGES.textInvalid);

/** ISO 8601 date and time with an offset (`Z` or `+01:00`); seconds and milliseconds optional. */
const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether the text is an instant with its offset on a real calendar day. */
export function isInstant(text: string): boolean {
  return INSTANT.test(text) && isCalendarDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text));
}

/** An instant with its offset (`Z` or `+01:00`); the API stores it in UTC. */
export const ZInstant = (message: string) =>
  checkedText(40, isInstant, message).refine((text) => !isInstant(text) || isInDateYears(text), {
    error: DATE_MESSAGES.outOfRange,
  });

const ZDuration = wholeNumber(
  APPOINTMENT_LIMITS.durationMin,
  APPOINTMENT_LIMITS.durationMax,
  APPOINTMENT_MESSAGES.durationRange,
);

const ZKind = z.enum(APPOINTMENT_KINDS, { error: APPOINTMENT_MESSAGES.kindRequired });
const ZStatus = z.enum(PRACTITIONER_APPOINTMENT_STATUSES, {
  error: APPOINTMENT_MESSAGES.statusInvalid,
});

/**
 * What the form sends and `POST /api/appointments` / `PUT /api/appointments/{id}` accept (a PUT
 * replaces the whole appointment). Unknown fields are rejected.
 */
export const ZAppointmentInput = z.strictObject({
  patientId: z
    .uuid({ error: APPOINTMENT_MESSAGES.patientRequired })
    .describe('The `_id` of one of my patients'),
  start: ZInstant(APPOINTMENT_MESSAGES.startRequired).describe(
    'The start, ISO 8601 with an offset, e.g. 2026-03-02T09:00:00+01:00; in the years 1900–2200',
  ),
  duration: ZDuration.describe('Minutes, 5 to 480'),
  kind: ZKind,
  // The booking form edits the reason in a text area.
  reason: optionalText(APPOINTMENT_LIMITS.reasonMax, APPOINTMENT_MESSAGES.reasonTooLong, {
    isMultiLine: true,
  }).describe('Up to 200 characters; shown in my own agenda, never in the calendar feed'),
  note: optionalText(APPOINTMENT_LIMITS.noteMax, APPOINTMENT_MESSAGES.noteTooLong, {
    isMultiLine: true,
  }).describe('Up to 2000 characters; never in the calendar feed'),
  status: ZStatus.default('booked').describe(
    'booked (default), arrived, fulfilled, cancelled or no-show; never requested (only an online booking makes a request)',
  ),
});

export type TAppointmentInput = z.input<typeof ZAppointmentInput>;
export type TAppointmentData = z.output<typeof ZAppointmentInput>;

/** An appointment as the API answers it. */
export const ZAppointment = patientRecordAnswer({
  /** The patient's name, for the agenda (the patient is always one of the reader's own). */
  patientName: z.string(),
  /** UTC, ISO 8601 with milliseconds: `2026-03-02T08:00:00.000Z`. */
  start: z.string(),
  end: z.string(),
  duration: z.number().int(),
  kind: z.enum(APPOINTMENT_KINDS),
  reason: z.string(),
  note: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  requestExpiresAt: z
    .string()
    .nullable()
    .describe(
      'For a request made by an online booking: when it is cancelled unless confirmed (48 hours after it was made or 2 hours before the start, whichever is first); null otherwise',
    ),
  cancelReason: z
    .enum(CANCEL_REASONS)
    .nullable()
    .describe(
      'Why it was cancelled, when the portal knows: `declined` (a request the practitioner declined) or `expired` (a request not answered in time); null otherwise',
    ),
  declineMessage: z
    .string()
    .nullable()
    .describe('What the practitioner told the patient when declining a request; null otherwise'),
  /** The practitioner's wall-clock start (`YYYY-MM-DDTHH:MM`) in `timeZone`. */
  localStart: z.string(),
  timeZone: z.string(),
});

export type TAppointment = z.infer<typeof ZAppointment>;

/**
 * `GET /api/appointments?from=&to=`: live and past appointments starting in [from, to), earliest
 * first, at most 62 days, paged like the patient list.
 */
export const ZAppointmentListQuery = ZPageQuery.extend({
  from: ZInstant(APPOINTMENT_MESSAGES.rangeInvalid).describe('Start of the range (inclusive)'),
  to: ZInstant(APPOINTMENT_MESSAGES.rangeInvalid).describe('End of the range (exclusive)'),
  patientId: z
    .uuid({ error: APPOINTMENT_MESSAGES.patientFilterInvalid })
    .optional()
    .describe("Only this patient's appointments"),
}).superRefine(({ from, to }, ctx) => {
  const span = Date.parse(to) - Date.parse(from);
  if (!(span > 0)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: APPOINTMENT_MESSAGES.rangeOrder });
  } else if (span > APPOINTMENT_LIMITS.rangeDaysMax * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: APPOINTMENT_MESSAGES.rangeTooLong });
  }
});

export type TAppointmentListQuery = z.input<typeof ZAppointmentListQuery>;

/** `GET /api/appointments/free-slots?date=&duration=` */
export const ZFreeSlotsQuery = z.object({
  date: calendarDay(APPOINTMENT_MESSAGES.dateInvalid).describe(
    "A day in the practitioner's time zone, YYYY-MM-DD",
  ),
  duration: z.coerce
    .number({ error: APPOINTMENT_MESSAGES.durationRange })
    .pipe(ZDuration)
    .describe('Minutes, 5 to 480'),
});

export type TFreeSlotsQuery = z.input<typeof ZFreeSlotsQuery>;

export const ZFreeSlot = z.object({
  /** UTC instants, ISO 8601. */
  start: z.string(),
  end: z.string(),
  /** Wall-clock start `HH:MM` in the practitioner's time zone. */
  localTime: z.string(),
});

/**
 * The free slots of a day: working hours in the practitioner's time zone minus live
 * appointments, on a 15-minute grid from the start of the working hours. An empty list on a
 * day off.
 */
export const ZFreeSlots = z.object({
  date: z.string(),
  timeZone: z.string(),
  duration: z.number().int(),
  slots: z.array(ZFreeSlot),
});

export type TFreeSlot = z.infer<typeof ZFreeSlot>;
export type TFreeSlots = z.infer<typeof ZFreeSlots>;

/**
 * The body of a 409 `APPOINTMENT_CONFLICT`: the error plus the live appointment it clashes
 * with (always one of the reader's own), so the message can name its time and patient.
 */
export const ZAppointmentConflict = z.object({
  message: z.string(),
  code: z.literal('APPOINTMENT_CONFLICT'),
  conflict: z.object({
    appointmentId: z.uuid(),
    start: z.string(),
    end: z.string(),
    localStart: z.string(),
    timeZone: z.string(),
    patientId: z.uuid(),
    patientName: z.string(),
  }),
});

export type TAppointmentConflict = z.infer<typeof ZAppointmentConflict>;

/** `POST /api/calendar-feed` answers the private subscription address (shown once). */
export const ZCalendarFeed = z.object({
  url: z.string().describe('The private iCalendar address; anyone holding it can read the feed'),
});

export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

/**
 * `POST /api/appointments/{id}/decline`: a requested appointment is cancelled; the optional
 * message is shown to the patient (in My health), never e-mailed.
 */
export const ZAppointmentDeclineInput = z.strictObject({
  message: optionalText(
    APPOINTMENT_LIMITS.declineMessageMax,
    APPOINTMENT_MESSAGES.declineMessageTooLong,
    {
      isMultiLine: true,
    },
  ).describe('Up to 500 characters for the patient, e.g. another time to book; empty: none'),
});
export type TAppointmentDeclineInput = z.input<typeof ZAppointmentDeclineInput>;

/** `GET /api/appointments/requests?limit=&cursor=`: open requests, soonest start first. */
export const ZAppointmentRequestsQuery = ZPageQuery;
export type TAppointmentRequestsQuery = z.input<typeof ZAppointmentRequestsQuery>;

/**
 * What a linked patient sees of an appointment: when, how and whether it holds, and, for a
 * request, until when it waits and why it ended; never the practitioner's `note` or `reason`,
 * written for the agenda.
 */
export const APPOINTMENT_PATIENT_VIEW = [
  '_id',
  'start',
  'end',
  'kind',
  'status',
  'requestExpiresAt',
  'cancelReason',
  'declineMessage',
] as const satisfies readonly (keyof TAppointment)[];

export { APPOINTMENT_MESSAGES };
