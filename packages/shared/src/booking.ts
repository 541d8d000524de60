import { z } from 'zod';
import { APPOINTMENT_KINDS, APPOINTMENT_LIMITS, ZInstant } from './appointment.ts';
import { DATE_OF_BIRTH_MIN, latestDateOfBirth } from './patient.ts';
import { wholeNumber } from './number-fields.ts';
import { ONE_LINE_TEXT, requiredTrimmedText } from './text-fields.ts';
import { isCalendarDate } from './zoned-time.ts';

/**
 * Online booking from the directory: `POST /api/directory/doctors/{id}/bookings`, where `{id}` is
 * the listing's public id. A practitioner whose listing takes instant bookings gets a `booked`
 * appointment; one who takes requests gets a `requested` one, which holds the slot until they
 * confirm or decline it, or it expires (`requestExpiresAt`).
 */

export const BOOKING_LIMITS = {
  /** Open requests (`requested`, not yet answered) one booker may have at once, all practices. */
  openRequestsMax: 3,
  nameMax: 100,
  reasonMax: APPOINTMENT_LIMITS.reasonMax,
} as const;

/** Validation messages of the booking form and API, by key. */
export const BOOKING_MESSAGES = {
  startRequired: 'Please choose one of the free times shown.',
  durationRange: 'The length must be a whole number of minutes from 5 to 480.',
  kindRequired: 'Please choose how you want to be seen: in person, video or phone.',
  reasonRequired: 'Please say briefly what the visit is about (at most 200 characters).',
  reasonInvalid: 'The reason contains a character that is not allowed.',
  forInvalid: 'Choose whether the appointment is for you or for someone in your care.',
  givenNameRequired: 'Please enter the given name of the person in your care.',
  familyNameRequired: 'Please enter the family name of the person in your care.',
  nameTooLong: 'A name must be at most 100 characters on one line.',
  birthDateInvalid: 'Enter the date of birth as YYYY-MM-DD, from 1900 to today.',
} as const;

export type TBookingMessageKey = keyof typeof BOOKING_MESSAGES;
const M = BOOKING_MESSAGES;

/*
 * The dependant's fields refine without aborting: inside the `for` union, an aborted issue would
 * be reported as the union's own message instead of at the field it belongs to.
 */
const ZPersonName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .refine((name) => name.length > 0, { error: required })
    .refine((name) => name.length <= BOOKING_LIMITS.nameMax && ONE_LINE_TEXT.test(name), {
      error: M.nameTooLong,
    });

/**
 * The person in the booker's care the appointment is for. Their record at the practice is found
 * among the records the booker is already linked to there as parent or guardian, by these three
 * fields; otherwise a new record is made.
 */
export const ZBookingDependant = z.strictObject(
  {
    givenName: ZPersonName(M.givenNameRequired),
    familyName: ZPersonName(M.familyNameRequired),
    birthDate: z
      .string({ error: M.birthDateInvalid })
      .refine(
        (date) =>
          date.length === 10 &&
          isCalendarDate(date) &&
          date >= DATE_OF_BIRTH_MIN &&
          date <= latestDateOfBirth(),
        { error: M.birthDateInvalid },
      )
      .describe('YYYY-MM-DD, from 1900-01-01 to today'),
  },
  { error: M.forInvalid },
);
export type TBookingDependant = z.infer<typeof ZBookingDependant>;

export const ZBookingFor = z
  .union([z.literal('self'), z.strictObject({ dependant: ZBookingDependant })], {
    error: M.forInvalid,
  })
  .default('self')
  .describe(
    '`self` (default): for the signed-in person; `{ dependant }`: for someone in their care, who is linked to the booker as parent or guardian',
  );

export const ZDirectoryBookingInput = z.strictObject({
  start: ZInstant(M.startRequired).describe(
    'One of the free slots’ `start` from `GET /api/directory/doctors/{id}/slots`',
  ),
  duration: wholeNumber(
    APPOINTMENT_LIMITS.durationMin,
    APPOINTMENT_LIMITS.durationMax,
    M.durationRange,
  )
    .optional()
    .describe('Minutes, 5 to 480; default: the practitioner’s slot length'),
  kind: z
    .enum(APPOINTMENT_KINDS, { error: M.kindRequired })
    .describe('One of the kinds of visit the listing offers'),
  reason: requiredTrimmedText({
    max: BOOKING_LIMITS.reasonMax,
    required: M.reasonRequired,
    tooLong: M.reasonRequired,
    invalid: M.reasonInvalid,
    isMultiLine: true,
  }).describe('Up to 200 characters for the practitioner; never e-mailed, never in a calendar'),
  for: ZBookingFor,
});
export type TDirectoryBookingInput = z.input<typeof ZDirectoryBookingInput>;
export type TDirectoryBookingData = z.output<typeof ZDirectoryBookingInput>;

/** The 201 answer of a booking: what the booker needs to show it, nothing about others. */
export const ZDirectoryBooking = z.object({
  _id: z.uuid().describe('The appointment’s id (also in My health)'),
  start: z.string(),
  end: z.string(),
  status: z
    .enum(['booked', 'requested'])
    .describe('`booked` for instant booking, `requested` while the practitioner has to confirm'),
  kind: z.enum(APPOINTMENT_KINDS),
  practitionerName: z.string(),
  requestExpiresAt: z
    .string()
    .nullable()
    .describe('For a request: when it is cancelled unless the practitioner confirms it'),
});
export type TDirectoryBooking = z.infer<typeof ZDirectoryBooking>;
