import { z } from 'zod';
import { EMAIL, EMAIL_MAX } from './email.ts';
import { wholeNumber } from './number-fields.ts';
import { storedPhone, withPhonesReadIn } from './phone.ts';
import {
  checkedText,
  NO_CONTROL_CHARACTERS,
  ONE_LINE_TEXT,
  TEXT_FIELD_MESSAGES,
} from './text-fields.ts';
import { isTimeZone, minutesOfTime, TIME_ZONE_MAX, WEEKDAYS, type TWeekday } from './zoned-time.ts';
import { PROFILE_MESSAGES, SCHEDULE_MESSAGES } from './profile-messages.ts';

export const PROFILE_GENDERS = ['male', 'female', 'other'] as const;
export type TProfileGender = (typeof PROFILE_GENDERS)[number];

export const PROFILE_LIMITS = {
  nameMax: 100,
  emailMax: EMAIL_MAX,
  ageMax: 150,
  addressMax: 500,
  pictureMax: 2048,
} as const;

export type TProfileMessageKey = keyof typeof PROFILE_MESSAGES;

const NUMBER = /^-?\d+(\.\d+)?$/;
/** Longer typed ages are refused before any pattern sees them. */
const AGE_TEXT_MAX = 20;

/** Empty text, null or an absent key all mean "not given", stored as null. */
function isBlank(value: unknown): value is '' | null | undefined {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * An optional field: blank → null; a value of none of `types` → `message`; otherwise `read`
 * answers what is stored, or calls `fail` with the problem's message.
 */
function optionalField<const T extends readonly [z.ZodType, ...z.ZodType[]], R>(
  types: T,
  description: string,
  message: string,
  read: (value: NonNullable<z.output<T[number]>>, fail: (problem: string) => never) => R,
) {
  return z
    .union([...types, z.null()], { error: message })
    .optional()
    .meta({ description })
    .transform((value, ctx): R | null => {
      if (isBlank(value)) return null;
      // Not null: the union's null is blank (zod's union type does not narrow here).
      return read(value as NonNullable<z.output<T[number]>>, (problem) => {
        ctx.addIssue({ code: 'custom', message: problem, input: value });
        return z.NEVER;
      });
    });
}

/** Optional text: trimmed, blank → null; anything but text → `message`. */
function optionalText(
  description: string,
  message: string,
  check: (value: string) => string | undefined,
) {
  return optionalField([z.string()], description, message, (value, fail): string => {
    const trimmed = value.trim();
    const problem = check(trimmed);
    return problem ? fail(problem) : trimmed;
  });
}

/**
 * Age arrives as a number from the API's JSON clients and as typed text from the form, so
 * both are accepted: blank → null, otherwise a whole number from 0 to 150.
 */
const ZAge = optionalField(
  [z.number(), z.string()],
  'A whole number from 0 to 150 (or its digits as text); empty = not given',
  PROFILE_MESSAGES.ageInvalid,
  (value, fail): number => {
    let age: number;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text.length > AGE_TEXT_MAX || !NUMBER.test(text))
        return fail(PROFILE_MESSAGES.ageInvalid);
      age = Number(text);
    } else {
      age = value;
    }
    if (!Number.isFinite(age) || age < 0) return fail(PROFILE_MESSAGES.ageInvalid);
    if (!Number.isInteger(age)) return fail(PROFILE_MESSAGES.ageWhole);
    if (age > PROFILE_LIMITS.ageMax) return fail(PROFILE_MESSAGES.ageTooHigh);
    return age;
  },
);

function isHttpsUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const SCHEDULE_LIMITS = {
  /** A week: the longest reminder a calendar app offers in its own menus. */
  reminderMinutesMax: 10_080,
  defaultReminderMinutes: 15,
  /** The portal's own reminders (bell, e-mail): at most a week ahead, a day by default. */
  reminderHoursMin: 1,
  reminderHoursMax: 168,
  defaultReminderHours: 24,
  /** Until the browser tells the API at sign-in. */
  defaultTimeZone: 'UTC',
} as const;

/** An IANA time zone name `Intl` knows (no bare offsets such as +01:00). */
export const ZTimeZone = checkedText(
  TIME_ZONE_MAX,
  isTimeZone,
  SCHEDULE_MESSAGES.timeZoneInvalid,
).describe('An IANA time zone name, e.g. Europe/Berlin');

const HOURS_AND_MINUTES = /^\d{2}:\d{2}$/;

/** One day's working time, `start` before `end`, wall-clock `HH:MM` (`24:00` ends at midnight). */
export const ZWorkingDay = z
  .strictObject(
    {
      start: z.string().max(5).regex(HOURS_AND_MINUTES),
      end: z.string().max(5).regex(HOURS_AND_MINUTES),
    },
    { error: SCHEDULE_MESSAGES.workingHoursInvalid },
  )
  .refine(({ start, end }) => minutesOfTime(start) < minutesOfTime(end), {
    error: SCHEDULE_MESSAGES.workingHoursInvalid,
  });

export type TWorkingDay = z.infer<typeof ZWorkingDay>;

/** Working hours per weekday; null = not working that day. */
export const ZWorkingHours = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, ZWorkingDay.nullable()] as const)) as Record<
    TWeekday,
    z.ZodNullable<typeof ZWorkingDay>
  >,
  { error: SCHEDULE_MESSAGES.workingHoursInvalid },
);

export type TWorkingHours = z.infer<typeof ZWorkingHours>;

const NINE_TO_FIVE = { start: '09:00', end: '17:00' } as const;

/** Monday to Friday 09:00–17:00, until the practitioner changes them. */
export const DEFAULT_WORKING_HOURS: TWorkingHours = {
  monday: NINE_TO_FIVE,
  tuesday: NINE_TO_FIVE,
  wednesday: NINE_TO_FIVE,
  thursday: NINE_TO_FIVE,
  friday: NINE_TO_FIVE,
  saturday: null,
  sunday: null,
};

/** Minutes before an appointment the calendar app reminds; null = no reminder. */
export const ZReminderMinutes = wholeNumber(
  0,
  SCHEDULE_LIMITS.reminderMinutesMax,
  SCHEDULE_MESSAGES.reminderInvalid,
).nullable();

/** Hours before an appointment the portal's reminder comes (bell, e-mail); null = none. */
export const ZReminderHours = wholeNumber(
  SCHEDULE_LIMITS.reminderHoursMin,
  SCHEDULE_LIMITS.reminderHoursMax,
  SCHEDULE_MESSAGES.reminderHoursInvalid,
).nullable();

/** The schedule settings as stored and answered (part of the user). */
export const ZScheduleSettings = z.object({
  timeZone: z.string(),
  workingHours: ZWorkingHours,
  reminderMinutes: ZReminderMinutes,
  /** The portal's reminders, hours before each appointment; null = none. */
  reminderHours: ZReminderHours,
  /** Whether the calendar feed names patients in full instead of by initials. */
  calendarFullNames: z.boolean(),
});

export type TScheduleSettings = z.infer<typeof ZScheduleSettings>;

/**
 * What `PUT /api/user/schedule` accepts: any of the schedule settings; an absent one is left as
 * it is. A separate route from the profile form's, whose fields and messages stay the product's.
 */
export const SCHEDULE_INPUT_FIELDS = {
  timeZone: ZTimeZone.optional(),
  workingHours: ZWorkingHours.optional().describe(
    'Per weekday `{ start, end }` (HH:MM) or null for a day off; absent = unchanged',
  ),
  reminderMinutes: ZReminderMinutes.optional().describe(
    'Calendar reminder, minutes before (0–10080) or null for none; absent = unchanged',
  ),
  calendarFullNames: z
    .boolean({ error: SCHEDULE_MESSAGES.fullNamesInvalid })
    .optional()
    .describe('true: the calendar feed shows full names instead of initials; absent = unchanged'),
  reminderHours: ZReminderHours.optional().describe(
    "The portal's reminder (bell, e-mail, calendar alarm), hours before each appointment (1–168) or null for none; absent = unchanged",
  ),
};

export const ZScheduleInput = z.strictObject(SCHEDULE_INPUT_FIELDS);

export type TScheduleInput = z.input<typeof ZScheduleInput>;
export type TScheduleData = z.output<typeof ZScheduleInput>;

/**
 * `POST /api/auth/login` may carry the browser's time zone; the first sign-in (or the first
 * after the schedule settings arrived) stores it, later ones leave the profile's choice alone.
 */
export const ZSignInInput = z
  .strictObject({ timeZone: ZTimeZone.optional() })
  .describe("The browser's time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`)");

export type TSignInInput = z.input<typeof ZSignInInput>;

/**
 * What the profile form sends and `PUT /api/user/update-profile` accepts: the
 * same rules and messages on both sides. Unknown fields are rejected. The optional fields
 * may be empty or absent; they are stored as null.
 */
export const ZProfileInput = z.strictObject({
  name: z
    .string({ error: PROFILE_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: PROFILE_MESSAGES.nameRequired })
    .max(PROFILE_LIMITS.nameMax, { error: PROFILE_MESSAGES.nameTooLong, abort: true })
    .regex(ONE_LINE_TEXT, { error: TEXT_FIELD_MESSAGES.oneLine }),
  email: z
    .string({ error: PROFILE_MESSAGES.emailInvalid })
    .meta({ description: "The account's own e-mail, unchanged: it comes from the sign-in" })
    .trim()
    // The limit aborts: zod would otherwise run the pattern on a value already refused.
    .max(PROFILE_LIMITS.emailMax, { error: PROFILE_MESSAGES.emailInvalid, abort: true })
    .regex(EMAIL, { error: PROFILE_MESSAGES.emailInvalid }),
  age: ZAge,
  gender: optionalField(
    [z.string()],
    'male, female or other; empty = not given',
    PROFILE_MESSAGES.genderInvalid,
    (value, fail): TProfileGender =>
      (PROFILE_GENDERS as readonly string[]).includes(value)
        ? (value as TProfileGender)
        : fail(PROFILE_MESSAGES.genderInvalid),
  ),
  address: optionalText(
    'Up to 500 characters; empty = not given',
    PROFILE_MESSAGES.addressTooLong,
    (text) =>
      text.length > PROFILE_LIMITS.addressMax
        ? PROFILE_MESSAGES.addressTooLong
        : NO_CONTROL_CHARACTERS.test(text)
          ? undefined
          : TEXT_FIELD_MESSAGES.controlCharacter,
  ),
  phone: optionalText(
    '+ and the country code, or as dialled in the practice country; stored in E.164 (exactly 10 digits that are neither are kept as typed); empty = not given',
    PROFILE_MESSAGES.phoneInvalid,
    (text) => (storedPhone(text, null) === undefined ? PROFILE_MESSAGES.phoneInvalid : undefined),
  ).transform((text) => (text === null ? null : storedPhone(text, null)!)),
  picture: optionalText(
    'An https:// image URL; empty = no picture',
    PROFILE_MESSAGES.pictureInvalid,
    (text) =>
      text.length <= PROFILE_LIMITS.pictureMax && isHttpsUrl(text)
        ? undefined
        : PROFILE_MESSAGES.pictureInvalid,
  ),
});

/** What the form holds and the API receives. */
export type TProfileInput = z.input<typeof ZProfileInput>;
/** What is stored: trimmed, blanks as null, age as a number. */
export type TProfileData = z.output<typeof ZProfileInput>;

/** The profile's phone fields, by their dotted path. */
export const PROFILE_PHONE_PATHS = ['phone'] as const;

/** `ZProfileInput` for a practitioner whose practice is in `region` (see `patientInputFor`). */
export function profileInputFor(region: string | null) {
  return z.preprocess(
    (body: TProfileInput) => withPhonesReadIn(body, PROFILE_PHONE_PATHS, region),
    ZProfileInput,
  );
}

export { PROFILE_MESSAGES, SCHEDULE_MESSAGES };
