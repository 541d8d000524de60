import { z } from 'zod';
import { EMAIL, EMAIL_MAX } from './email.ts';
import { entityAnswer } from './entity-answer.ts';
import { wholeNumberFromText } from './number-fields.ts';
import { PHONE_TEXT_MAX, phoneText, withPhonesReadIn } from './phone.ts';
import { NO_CONTROL_CHARACTERS, requiredTrimmedText } from './text-fields.ts';
import { isCalendarDate } from './zoned-time.ts';
import { PATIENT_MESSAGES, PAGE_LIMIT, PAGE_MESSAGES } from './patient-messages.ts';

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const PATIENT_GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'] as const;

function requiredText(required: string, max: number, { isMultiLine = false } = {}) {
  return requiredTrimmedText({
    max,
    required,
    tooLong: PATIENT_MESSAGES.tooLong,
    invalid: PATIENT_MESSAGES.invalidCharacters,
    isMultiLine,
  });
}

/** A required phone: see phone.ts for what is accepted and how it is stored. */
function requiredPhone(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(PHONE_TEXT_MAX, { error: invalid, abort: true })
    .pipe(phoneText(invalid));
}

export const DATE_OF_BIRTH_MIN = '1900-01-01';

/**
 * The latest date of birth accepted: today where the day starts first (UTC+14), so a child born
 * today anywhere is not refused as born in the future.
 */
export function latestDateOfBirth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Whole years from `dateOfBirth` to `today` (both `YYYY-MM-DD`); a 29 February birthday counts on 1 March. */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

/** Today's date in UTC, the day a stored date of birth is counted to. */
export const todayInUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** What the form sends and the API accepts for create and update; unknown fields are rejected. */
export const ZPatientInput = z.strictObject({
  name: requiredText(PATIENT_MESSAGES.nameRequired, 200),
  diagnosedWith: requiredText(PATIENT_MESSAGES.diagnosisRequired, 500),
  // An address is written on several lines.
  address: requiredText(PATIENT_MESSAGES.addressRequired, 500, { isMultiLine: true }),
  age: z
    .number({ error: PATIENT_MESSAGES.ageRequired })
    .int({ error: PATIENT_MESSAGES.ageRequired })
    .min(0, { error: PATIENT_MESSAGES.ageNegative })
    .max(150, { error: PATIENT_MESSAGES.ageTooHigh })
    .describe('Whole years, 0–150; with a `dateOfBirth` the age is counted from the date instead'),
  dateOfBirth: z
    .string({ error: PATIENT_MESSAGES.dateOfBirthInvalid })
    .trim()
    .max(10, { error: PATIENT_MESSAGES.dateOfBirthInvalid, abort: true })
    .refine((date) => date === '' || isCalendarDate(date), {
      error: PATIENT_MESSAGES.dateOfBirthInvalid,
      abort: true,
    })
    .refine((date) => date === '' || date >= DATE_OF_BIRTH_MIN, {
      error: PATIENT_MESSAGES.dateOfBirthTooEarly,
    })
    .refine((date) => date === '' || date <= latestDateOfBirth(), {
      error: PATIENT_MESSAGES.dateOfBirthFuture,
    })
    .optional()
    .describe(
      'YYYY-MM-DD, from 1900-01-01 to today; empty = not given. When given it wins over `age`: the age stored and answered is counted from it (to today in UTC)',
    ),
  bloodGroup: z.enum(BLOOD_GROUPS, { error: PATIENT_MESSAGES.bloodGroupRequired }),
  gender: z.enum(PATIENT_GENDERS, { error: PATIENT_MESSAGES.genderRequired }),
  email: z
    .string({ error: PATIENT_MESSAGES.emailInvalid })
    .trim()
    .max(EMAIL_MAX, { error: PATIENT_MESSAGES.emailInvalid, abort: true })
    .refine((value) => value === '' || (EMAIL.test(value) && NO_CONTROL_CHARACTERS.test(value)), {
      error: PATIENT_MESSAGES.emailInvalid,
    })
    .optional(),
  phone: requiredPhone(PATIENT_MESSAGES.phoneRequired, PATIENT_MESSAGES.phoneInvalid).describe(
    '+ and the country code, or as dialled in the practice country; stored in E.164. Exactly 10 digits that are neither are kept as typed',
  ),
  emergencyContact: z.strictObject(
    {
      phone: requiredPhone(
        PATIENT_MESSAGES.emergencyPhoneRequired,
        PATIENT_MESSAGES.emergencyPhoneInvalid,
      ).describe('Read like `phone`'),
    },
    { error: PATIENT_MESSAGES.emergencyPhoneRequired },
  ),
  hasChronicDiseases: z.boolean().default(false),
});

export type TPatientInput = z.input<typeof ZPatientInput>;
export type TPatientData = z.output<typeof ZPatientInput>;

/** The patient's phone fields, by their dotted path. */
export const PATIENT_PHONE_PATHS = ['phone', 'emergencyContact.phone'] as const;

/**
 * `ZPatientInput` for a practitioner whose practice is in `region`: a phone dialled as there is
 * put in E.164 first. What the form resolves with; the API reads the body alike before its
 * validation.
 */
export function patientInputFor(region: string | null) {
  return z.preprocess(
    (body: TPatientInput) => withPhonesReadIn(body, PATIENT_PHONE_PATHS, region),
    ZPatientInput,
  );
}

/**
 * A patient as the API answers it. A self-registered record (made by an online booking) may lack
 * the clinical fields until the practitioner completes it: its texts are then '' and its blood
 * group and gender null (decision 0029); every other record has them all.
 */
export const ZPatient = entityAnswer({
  name: z.string(),
  diagnosedWith: z.string().describe("'' on a self-registered record not yet completed"),
  address: z.string().describe("'' on a self-registered record not yet completed"),
  age: z
    .number()
    .int()
    .describe(
      'Counted from `dateOfBirth` (to today in UTC) when there is one; 0 on a self-registered record without one',
    ),
  dateOfBirth: z.string().optional().describe('YYYY-MM-DD, when known'),
  bloodGroup: z
    .enum(BLOOD_GROUPS)
    .nullable()
    .describe('Null only on a self-registered record not yet completed'),
  gender: z
    .enum(PATIENT_GENDERS)
    .nullable()
    .describe('Null only on a self-registered record not yet completed'),
  email: z.string().optional(),
  phone: z
    .string()
    .describe(
      "E.164, or 10 digits saved without a country; '' on a self-registered record not yet completed",
    ),
  emergencyContact: z.object({ phone: z.string() }),
  hasChronicDiseases: z.boolean(),
  selfRegistered: z
    .boolean()
    .describe(
      'True when the record was made by the patient booking online (not by the practitioner): its clinical fields may be empty until the practitioner completes them',
    ),
});

export type TPatient = z.infer<typeof ZPatient>;

const ZPageLimit = wholeNumberFromText(1, PAGE_LIMIT.max, PAGE_MESSAGES.limit)
  .default(PAGE_LIMIT.default)
  .describe(`Page size, 1 to ${PAGE_LIMIT.max} (default ${PAGE_LIMIT.default})`);

const ZPageCursor = z
  .string({ error: PAGE_MESSAGES.cursor })
  .max(200, { error: PAGE_MESSAGES.cursor })
  .optional()
  .describe('Opaque cursor from the `Link: <…>; rel="next"` header of the previous page');

/** Keyset paging shared by every paged list: `?limit=&cursor=`. */
export const ZPageQuery = z.object({ limit: ZPageLimit, cursor: ZPageCursor });

/**
 * A paged list with an optional status filter, `?status=&limit=&cursor=`: `status` is the
 * entity's own status enum, so the filter takes its values and answers its message.
 */
export function statusPageQuery<T extends z.ZodEnum>(status: T, description: string) {
  return ZPageQuery.extend({ status: status.optional().describe(description) });
}

/** `GET /api/records/patients?q=&limit=&cursor=` (newest first). */
export const ZPatientListQuery = z.object({
  q: z
    .string({ error: 'q must be one text of at most 100 characters' })
    .max(100, { error: PAGE_MESSAGES.query })
    .optional()
    .describe('Case-insensitive fragment of the name, diagnosis, phone or e-mail'),
  ...ZPageQuery.shape,
});

export type TPatientListQuery = z.input<typeof ZPatientListQuery>;

export const EXPORT_FORMATS = ['fhir', 'csv'] as const;

export const ZPatientExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: 'format must be fhir or csv' })
    .default('fhir')
    .describe('fhir: a FHIR R4 Bundle (JSON); csv: one row per patient with a header row'),
});

/** Non-blocking remarks on a successful save, e.g. a probable duplicate. */
export const PATIENT_WARNINGS = {
  POSSIBLE_DUPLICATE: 'A patient with the same name and phone number already exists.',
} as const;

export type TPatientWarningCode = keyof typeof PATIENT_WARNINGS;

export const ZPatientWarning = z.object({
  code: z.enum(Object.keys(PATIENT_WARNINGS) as [TPatientWarningCode]),
  message: z.string(),
  /** The existing patient this one resembles. */
  patientId: z.uuid(),
});

export type TPatientWarning = z.infer<typeof ZPatientWarning>;

/** `POST /api/records/patients` answers the stored patient plus `warnings` (often empty). */
export const ZPatientCreated = ZPatient.extend({ warnings: z.array(ZPatientWarning) });

export type TPatientCreated = z.infer<typeof ZPatientCreated>;

export { PATIENT_MESSAGES, PAGE_LIMIT, PAGE_MESSAGES };
