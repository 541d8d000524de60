import { z } from 'zod';
import { APPOINTMENT_KINDS, ZFreeSlot } from './appointment.ts';
import { calendarDay } from './day-fields.ts';
import {
  DIRECTORY_LANGUAGES,
  DIRECTORY_LIMITS,
  DIRECTORY_MESSAGES as M,
  FACILITY_KINDS,
  ONLINE_BOOKING,
  ZFacilitySummary,
} from './directory.ts';
import { wholeNumberFromText } from './number-fields.ts';
import { SPECIALTY_CODES } from './specialties.ts';
import { ONE_LINE_TEXT } from './text-fields.ts';
import { addDays, isCalendarDate } from './zoned-time.ts';

/**
 * What anyone may read of the directory without signing in, and the queries that ask for it.
 * Each shape names every field it answers: nothing else of an account, a patient or an
 * appointment is ever in them.
 */

/** A practitioner as the public directory shows them: nothing else of the account. */
export const ZDirectoryDoctor = z.object({
  publicId: z.uuid().describe('A random id of the listing, never the account’s'),
  name: z.string(),
  picture: z.string().nullable(),
  specialties: z
    .array(z.string())
    .describe('SNOMED CT codes; names in `@portal/shared/specialties`'),
  languages: z.array(z.string()),
  bio: z.string(),
  visitKinds: z.array(z.enum(APPOINTMENT_KINDS)),
  onlineBooking: z.enum(ONLINE_BOOKING),
  facility: ZFacilitySummary.nullable().describe('The approved facility they work at, if any'),
  city: z.string().nullable().describe('The facility’s city, else the practice’s'),
  country: z.string().nullable().describe('The facility’s country, else the practice’s'),
});
export type TDirectoryDoctor = z.infer<typeof ZDirectoryDoctor>;

/** How many of a doctor's next free slots a search answer carries. */
export const NEXT_SLOTS_MAX = 3;

/**
 * A doctor in a search answer: the card, with their next free slots within 14 days (at most
 * three; none when they do not book online), so a page of results costs one request.
 */
export const ZDirectoryDoctorHit = ZDirectoryDoctor.extend({
  timeZone: z.string().describe('The practitioner’s IANA time zone: the slots’ local times'),
  nextSlots: z
    .array(ZFreeSlot)
    .max(NEXT_SLOTS_MAX)
    .describe('The next free 30-minute slots within 14 days, earliest first'),
});
export type TDirectoryDoctorHit = z.infer<typeof ZDirectoryDoctorHit>;

/** `GET /api/directory/facilities/{id}`: the facility and its listed, approved practitioners. */
export const ZDirectoryFacility = ZFacilitySummary.extend({
  doctors: z.array(ZDirectoryDoctor),
});
export type TDirectoryFacility = z.infer<typeof ZDirectoryFacility>;

/** `GET /api/directory/doctors/{id}/slots`: free slots per day, in the practitioner's zone. */
export const ZDirectorySlots = z.object({
  timeZone: z.string(),
  duration: z.number().int().describe('Minutes of each slot'),
  days: z.array(z.object({ date: z.string(), slots: z.array(ZFreeSlot) })),
});
export type TDirectorySlots = z.infer<typeof ZDirectorySlots>;

const ZQueryText = z
  .string({ error: M.queryInvalid })
  .trim()
  .max(DIRECTORY_LIMITS.queryMax, { error: M.queryInvalid, abort: true })
  .regex(ONE_LINE_TEXT, { error: M.queryInvalid })
  .optional();

const ZDirectoryPage = {
  limit: wholeNumberFromText(1, DIRECTORY_LIMITS.pageMax, M.pageLimitInvalid)
    .default(DIRECTORY_LIMITS.pageDefault)
    .describe('Page size, 1 to 50 (default 20)'),
  cursor: z
    .string({ error: M.cursorInvalid })
    .max(200, { error: M.cursorInvalid })
    .optional()
    .describe('Opaque cursor from the `Link: <…>; rel="next"` header of the previous page'),
};

/** `GET /api/directory/doctors`. */
export const ZDoctorSearchQuery = z.object({
  q: ZQueryText.describe(
    'A fragment of the name, or of a specialty’s name in any of the five languages',
  ),
  specialty: z
    .enum(SPECIALTY_CODES as [string, ...string[]], { error: M.specialtyFilterInvalid })
    .optional()
    .describe('A specialty code'),
  language: z
    .enum(DIRECTORY_LANGUAGES, { error: M.languageFilterInvalid })
    .optional()
    .describe('A language the practitioner speaks'),
  city: ZQueryText.describe('The city, as written, ignoring case'),
  kind: z
    .enum(APPOINTMENT_KINDS, { error: M.visitKindFilterInvalid })
    .optional()
    .describe('A kind of visit offered'),
  ...ZDirectoryPage,
});
export type TDoctorSearchQuery = z.input<typeof ZDoctorSearchQuery>;

/** `GET /api/directory/facilities`. */
export const ZFacilitySearchQuery = z.object({
  q: ZQueryText.describe('A fragment of the facility’s name'),
  city: ZQueryText.describe('The city, as written, ignoring case'),
  kind: z.enum(FACILITY_KINDS, { error: M.facilityKindFilterInvalid }).optional(),
  ...ZDirectoryPage,
});
export type TFacilitySearchQuery = z.input<typeof ZFacilitySearchQuery>;

/** `GET /api/directory/doctors/{id}/slots?from=&to=`: days in the practitioner's zone. */
export const ZDirectorySlotsQuery = z
  .object({
    from: calendarDay(M.slotDayInvalid)
      .optional()
      .describe('First day, YYYY-MM-DD (default: today there)'),
    to: calendarDay(M.slotDayInvalid)
      .optional()
      .describe('Last day, included (default: 6 days after from)'),
  })
  .refine(
    ({ from, to }) =>
      !from ||
      !to ||
      !isCalendarDate(from) ||
      !isCalendarDate(to) ||
      (to >= from && to < addDays(from, DIRECTORY_LIMITS.slotDaysMax)),
    { error: M.slotRangeInvalid, path: ['to'] },
  );
export type TDirectorySlotsQuery = z.input<typeof ZDirectorySlotsQuery>;

/**
 * `GET /api/directory/summary`: how many approved, listed practitioners and approved facilities
 * of each kind the directory holds (the home page's counters).
 */
export const ZDirectorySummary = z.object({
  doctors: z.number().int(),
  hospitals: z.number().int(),
  clinics: z.number().int(),
  pharmacies: z.number().int(),
});
export type TDirectorySummary = z.infer<typeof ZDirectorySummary>;
