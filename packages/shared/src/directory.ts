import { z } from 'zod';
import { APPOINTMENT_KINDS } from './appointment.ts';
import { EMAIL, EMAIL_MAX } from './email.ts';
import { phoneRegion, storedPhone } from './phone.ts';
import { COUNTRY_CODES } from './practice.ts';
import { SPECIALTY_CODES } from './specialties.ts';
import { NO_CONTROL_CHARACTERS, ONE_LINE_TEXT } from './text-fields.ts';
import { DIRECTORY_MESSAGES } from './directory-messages.ts';

/**
 * The directory's own data: facilities (clinics, hospitals, pharmacies), their staff, and
 * practitioners' opt-in listings, each public only once a reviewer approved it. What the
 * public reads of them is in directory-public.ts, the reviewers' queue in directory-review.ts.
 */

export const FACILITY_KINDS = ['clinic', 'hospital', 'pharmacy'] as const;
export type TFacilityKind = (typeof FACILITY_KINDS)[number];

export const ONLINE_BOOKING = ['off', 'request', 'instant'] as const;
export type TOnlineBooking = (typeof ONLINE_BOOKING)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * Languages a practitioner can say they speak, as BCP 47 tags: the portal's five, the world's
 * most spoken, and sign languages. The web names them with `Intl.DisplayNames`.
 */
export const DIRECTORY_LANGUAGES = (
  'en de fr ar zh-CN es pt it nl pl ro el cs hu sv da nb fi ru uk tr he fa ur hi bn pa ta te gu ' +
  'ja ko vi th id ms tl yue sw am ha yo ase bfi gsg fsl'
).split(' ') as [string, ...string[]];

export const DIRECTORY_LIMITS = {
  nameMax: 200,
  addressMax: 300,
  cityMax: 100,
  bioMax: 1000,
  specialtiesMax: 5,
  languagesMax: 10,
  reasonMax: 500,
  queryMax: 100,
  /** Days of free slots one request may ask for. */
  slotDaysMax: 14,
  /** The length of a slot the directory offers, in minutes. */
  slotMinutes: 30,
  pageDefault: 20,
  pageMax: 50,
  /** How long a staff invitation can be accepted. */
  invitationDays: 7,
} as const;

export type TDirectoryMessageKey = keyof typeof DIRECTORY_MESSAGES;
const M = DIRECTORY_MESSAGES;

export const requiredText = (max: number, pattern: RegExp, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true })
    .regex(pattern, { error: tooLong });

const ZCoordinates = z
  .object(
    {
      lat: z
        .number({ error: M.coordinatesInvalid })
        .min(-90, { error: M.coordinatesInvalid })
        .max(90, { error: M.coordinatesInvalid }),
      lng: z
        .number({ error: M.coordinatesInvalid })
        .min(-180, { error: M.coordinatesInvalid })
        .max(180, { error: M.coordinatesInvalid }),
    },
    { error: M.coordinatesInvalid },
  )
  .describe('WGS 84 latitude and longitude, for a map link');

/**
 * `POST /api/facilities` and `PUT /api/facilities/{id}`: the whole facility. The phone is read
 * as dialled in the facility's country and stored in E.164.
 */
export const ZFacilityInput = z
  .strictObject({
    kind: z.enum(FACILITY_KINDS, { error: M.kindInvalid }).describe('clinic, hospital or pharmacy'),
    name: requiredText(
      DIRECTORY_LIMITS.nameMax,
      ONE_LINE_TEXT,
      M.nameRequired,
      M.nameTooLong,
    ).describe('One line, up to 200 characters'),
    address: requiredText(
      DIRECTORY_LIMITS.addressMax,
      NO_CONTROL_CHARACTERS,
      M.addressRequired,
      M.addressTooLong,
    ).describe('Street, building and postal code; one or more lines, up to 300 characters'),
    city: requiredText(
      DIRECTORY_LIMITS.cityMax,
      ONE_LINE_TEXT,
      M.cityRequired,
      M.cityTooLong,
    ).describe('One line, up to 100 characters'),
    country: z
      .string({ error: M.countryInvalid })
      .trim()
      .max(2, { error: M.countryInvalid, abort: true })
      .refine((code) => COUNTRY_CODES.includes(code), { error: M.countryInvalid })
      .describe('ISO 3166-1 alpha-2, upper case (PT); also the region its phone is read in'),
    phone: z
      .string({ error: M.phoneInvalid })
      .trim()
      .max(30, { error: M.phoneInvalid, abort: true })
      .nullable()
      .optional()
      .transform((text) => (text ? text : null))
      .describe(
        'As dialled in the facility’s country, or + and the country code; stored in E.164; empty = none',
      ),
    coordinates: ZCoordinates.nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .transform((facility, ctx) => {
    if (facility.phone === null) return facility;
    const phone = storedPhone(facility.phone, phoneRegion(facility.country));
    if (!phone?.startsWith('+')) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: M.phoneInvalid,
        input: facility.phone,
      });
      return z.NEVER;
    }
    return { ...facility, phone };
  });
export type TFacilityInput = z.input<typeof ZFacilityInput>;
export type TFacilityData = z.output<typeof ZFacilityInput>;

export const ZReviewStatus = z
  .enum(REVIEW_STATUSES)
  .describe(
    '`pending` until a reviewer approves it (again after a change of what they vouched for); only `approved` is public',
  );

/** What anyone may read of a facility: its public fields. */
export const ZFacilitySummary = z.object({
  _id: z.uuid(),
  kind: z.enum(FACILITY_KINDS),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  phone: z.string().nullable().describe('E.164'),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
});
export type TFacilitySummary = z.infer<typeof ZFacilitySummary>;

/** A facility as its owner and staff see it. */
export const ZFacility = ZFacilitySummary.extend({
  reviewStatus: ZReviewStatus,
  rejectionReason: z.string().nullable().describe('The reviewer’s reason, while `rejected`'),
  role: z.enum(['owner', 'staff']).describe('How the signed-in user stands to the facility'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFacility = z.infer<typeof ZFacility>;

/** `POST /api/facilities/{id}/staff`. */
export const ZStaffInput = z.strictObject({
  email: z
    .string({ error: M.emailInvalid })
    .trim()
    .max(EMAIL_MAX, { error: M.emailInvalid, abort: true })
    .regex(EMAIL, { error: M.emailInvalid })
    .describe(
      'The address the invitation goes to; only an account with this verified address can accept',
    ),
});
export type TStaffInput = z.input<typeof ZStaffInput>;

export const STAFF_STATUSES = ['invited', 'active', 'expired'] as const;

export const ZStaffMember = z.object({
  _id: z.uuid(),
  email: z.string(),
  name: z.string().nullable().describe('The account’s name once accepted'),
  status: z.enum(STAFF_STATUSES),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

/** The invitation, shown once: only its hash is stored. */
export const ZCreatedStaffInvitation = ZStaffMember.extend({
  code: z.string().describe('The one-time code (43 characters); shown once, never stored'),
  url: z.string().describe('The link to hand over: `{origin}/join-facility/{code}`'),
  expiresAt: z.string(),
});
export type TCreatedStaffInvitation = z.infer<typeof ZCreatedStaffInvitation>;

/** `POST /api/me/facility-staff`: accepting a staff invitation. */
export const ZStaffAcceptInput = z.strictObject({
  code: z
    .string({ error: M.codeInvalid })
    .min(1, { error: M.codeInvalid })
    .max(200, { error: M.codeInvalid })
    .describe('The invitation’s code, the last segment of its link'),
});
export type TStaffAcceptInput = z.input<typeof ZStaffAcceptInput>;

export const ZStaffMembership = z.object({
  _id: z.uuid(),
  facility: ZFacilitySummary,
  acceptedAt: z.string(),
});
export type TStaffMembership = z.infer<typeof ZStaffMembership>;

const uniqueCodes = (
  allowed: readonly string[],
  max: number,
  message: string,
  description: string,
) =>
  z
    .array(z.string({ error: message }).max(20, { error: message }), { error: message })
    .max(max, { error: message, abort: true })
    .refine((codes) => codes.every((code) => allowed.includes(code)), { error: message })
    .refine((codes) => new Set(codes).size === codes.length, { error: message })
    .describe(description);

/**
 * `PUT /api/user/listing`: the practitioner's public listing, whole. To be `listed` it needs a
 * specialty, a language and a kind of visit.
 */
export const ZListingInput = z
  .strictObject({
    listed: z
      .boolean({ error: M.listedInvalid })
      .describe('Whether the listing is public (once approved)'),
    facilityId: z
      .uuid({ error: M.facilityInvalid })
      .nullable()
      .optional()
      .transform((id) => (id ? id.toLowerCase() : null))
      .describe('A facility the practitioner owns or is accepted staff of; null: the practice'),
    specialties: uniqueCodes(
      SPECIALTY_CODES,
      DIRECTORY_LIMITS.specialtiesMax,
      M.specialtiesInvalid,
      'SNOMED CT codes from the curated list, up to 5',
    ),
    languages: uniqueCodes(
      DIRECTORY_LANGUAGES,
      DIRECTORY_LIMITS.languagesMax,
      M.languagesInvalid,
      'BCP 47 tags from the curated list, up to 10',
    ),
    bio: z
      .string({ error: M.bioTooLong })
      .trim()
      .max(DIRECTORY_LIMITS.bioMax, { error: M.bioTooLong, abort: true })
      .regex(NO_CONTROL_CHARACTERS, { error: M.bioTooLong })
      .default('')
      .describe('A short introduction, up to 1000 characters; line breaks kept'),
    visitKinds: uniqueCodes(
      APPOINTMENT_KINDS,
      APPOINTMENT_KINDS.length,
      M.visitKindsInvalid,
      'in-person, video, phone',
    ),
    onlineBooking: z
      .enum(ONLINE_BOOKING, { error: M.onlineBookingInvalid })
      .default('off')
      .describe(
        'off: slots are not offered; request: the practitioner confirms; instant: booked at once',
      ),
  })
  .superRefine((listing, ctx) => {
    if (!listing.listed) return;
    const required = [
      ['specialties', M.specialtiesRequired],
      ['languages', M.languagesRequired],
      ['visitKinds', M.visitKindsRequired],
    ] as const;
    for (const [path, message] of required)
      if (listing[path].length === 0) ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type TListingInput = z.input<typeof ZListingInput>;
export type TListingData = z.output<typeof ZListingInput>;

/** `GET`/`PUT /api/user/listing`: the listing and where its review stands. */
export const ZListing = z.object({
  listed: z.boolean(),
  facilityId: z.uuid().nullable(),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  bio: z.string(),
  visitKinds: z.array(z.enum(APPOINTMENT_KINDS)),
  onlineBooking: z.enum(ONLINE_BOOKING),
  reviewStatus: ZReviewStatus,
  rejectionReason: z.string().nullable(),
  publicId: z
    .uuid()
    .nullable()
    .describe('The id of the public card, `/api/directory/doctors/{publicId}`; null until saved'),
});
export type TListing = z.infer<typeof ZListing>;

export { DIRECTORY_MESSAGES };
