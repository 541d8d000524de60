import { z } from 'zod';
import { phoneRegion, storedPhone } from './phone.ts';
import { NO_CONTROL_CHARACTERS, ONE_LINE_TEXT } from './text-fields.ts';
import { PRACTICE_MESSAGES } from './practice-messages.ts';

/**
 * The practice, part of the practitioner's profile: where they work, how patients reach them,
 * their professional registration number (printed on prescriptions) and the cancellation
 * notice they ask for. Every field is optional; blank means not given (null).
 */

/** ISO 3166-1 alpha-2, every officially assigned code. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export const PRACTICE_LIMITS = {
  nameMax: 200,
  streetMax: 300,
  postalCodeMax: 20,
  cityMax: 100,
  registrationNumberMax: 50,
  cancellationNoticeHoursMax: 168,
} as const;

export type TPracticeMessageKey = keyof typeof PRACTICE_MESSAGES;

const POSTAL_CODE = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;
const REGISTRATION_NUMBER = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;
const NUMBER_TEXT = /^\d{1,3}$/;

/** Optional text: trimmed, blank → null; longer than `max` or not matching `pattern` → `message`. */
function optionalText(max: number, pattern: RegExp, message: string, description: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, { error: message, abort: true })
    .refine((text) => text === '' || pattern.test(text), { error: message })
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional()
    .transform((text) => text ?? null)
    .meta({ description });
}

/**
 * Hours of notice as a JSON number, or its digits as the form's text; blank → null. Refused:
 * fractions, negatives and more than a week.
 */
const ZCancellationNotice = z
  .union([z.number(), z.string(), z.null()], {
    error: PRACTICE_MESSAGES.cancellationNoticeInvalid,
  })
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null) return null;
    const text = typeof value === 'string' ? value.trim() : undefined;
    if (text === '') return null;
    if (text !== undefined && !NUMBER_TEXT.test(text)) {
      ctx.addIssue({ code: 'custom', message: PRACTICE_MESSAGES.cancellationNoticeInvalid });
      return z.NEVER;
    }
    const hours = text === undefined ? (value as number) : Number(text);
    if (
      !Number.isInteger(hours) ||
      hours < 0 ||
      hours > PRACTICE_LIMITS.cancellationNoticeHoursMax
    ) {
      ctx.addIssue({ code: 'custom', message: PRACTICE_MESSAGES.cancellationNoticeInvalid });
      return z.NEVER;
    }
    return hours;
  })
  .meta({ description: 'Whole hours of notice a patient gives to cancel, 0–168; empty = none' });

/**
 * What `PUT /api/user/practice` accepts, the whole section at once: an absent or blank field is
 * stored as null. The phone is read as dialled in the practice's own country (the `country`
 * sent with it); with none, the rules of `storedPhone` apply.
 */
export const ZPracticeInput = z
  .strictObject({
    name: optionalText(
      PRACTICE_LIMITS.nameMax,
      ONE_LINE_TEXT,
      PRACTICE_MESSAGES.nameTooLong,
      'The practice or clinic name, one line, up to 200 characters; empty = not given',
    ),
    street: optionalText(
      PRACTICE_LIMITS.streetMax,
      NO_CONTROL_CHARACTERS,
      PRACTICE_MESSAGES.streetTooLong,
      'Street and building, one or more lines, up to 300 characters; empty = not given',
    ),
    postalCode: optionalText(
      PRACTICE_LIMITS.postalCodeMax,
      POSTAL_CODE,
      PRACTICE_MESSAGES.postalCodeInvalid,
      'Postal code: letters, digits, spaces and hyphens, up to 20; empty = not given',
    ),
    city: optionalText(
      PRACTICE_LIMITS.cityMax,
      ONE_LINE_TEXT,
      PRACTICE_MESSAGES.cityTooLong,
      'City, one line, up to 100 characters; empty = not given',
    ),
    country: z
      .string({ error: PRACTICE_MESSAGES.countryInvalid })
      .trim()
      .max(2, { error: PRACTICE_MESSAGES.countryInvalid, abort: true })
      .refine((code) => code === '' || COUNTRY_CODES.includes(code), {
        error: PRACTICE_MESSAGES.countryInvalid,
      })
      .transform((code) => (code === '' ? null : code))
      .nullable()
      .optional()
      .transform((code) => code ?? null)
      .meta({
        description:
          'ISO 3166-1 alpha-2 code, upper case (PT); also the region a phone number without + is read in',
      }),
    phone: z
      .string({ error: PRACTICE_MESSAGES.phoneInvalid })
      .trim()
      .max(30, { error: PRACTICE_MESSAGES.phoneInvalid, abort: true })
      .nullable()
      .optional()
      .transform((text) => (text ? text : null))
      .meta({
        description:
          'As dialled in the practice country, or + and the country code; stored in E.164; empty = not given',
      }),
    registrationNumber: optionalText(
      PRACTICE_LIMITS.registrationNumberMax,
      REGISTRATION_NUMBER,
      PRACTICE_MESSAGES.registrationNumberInvalid,
      "The prescriber's professional registration number, printed on prescriptions; empty = not given",
    ),
    cancellationNoticeHours: ZCancellationNotice,
  })
  .transform((practice, ctx) => {
    if (practice.phone === null) return practice;
    const phone = storedPhone(practice.phone, phoneRegion(practice.country));
    // A new field has no numbers saved under the 10-digit rule: E.164 only.
    if (!phone?.startsWith('+')) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: PRACTICE_MESSAGES.phoneInvalid,
        input: practice.phone,
      });
      return z.NEVER;
    }
    return { ...practice, phone };
  });

export type TPracticeInput = z.input<typeof ZPracticeInput>;
export type TPracticeData = z.output<typeof ZPracticeInput>;

/** The practice as stored and answered: every field, null when not given. */
export const ZPractice = z.object({
  name: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2'),
  phone: z.string().nullable().describe('E.164, or 10 digits saved before the practice country'),
  registrationNumber: z.string().nullable(),
  cancellationNoticeHours: z.number().int().nullable(),
});

export type TPractice = z.infer<typeof ZPractice>;

export const EMPTY_PRACTICE: TPractice = {
  name: null,
  street: null,
  postalCode: null,
  city: null,
  country: null,
  phone: null,
  registrationNumber: null,
  cancellationNoticeHours: null,
};

export { PRACTICE_MESSAGES };
