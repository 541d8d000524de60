import { PAGE_MESSAGES, PATIENT_MESSAGES } from './patient-messages.ts';
import { APPOINTMENT_MESSAGES } from './appointment-messages.ts';
import { CLINICAL_TEXT_MESSAGES } from './clinical-text-messages.ts';
import { DIRECTORY_MESSAGES } from './directory-messages.ts';
import { PRACTICE_MESSAGES } from './practice-messages.ts';
import { PROFILE_MESSAGES, SCHEDULE_MESSAGES } from './profile-messages.ts';
import { VISIT_MESSAGES } from './visit-messages.ts';
import { PATIENT_KINDS, type TPatientKind } from './patient-kinds.ts';
import { RRULE_MESSAGES } from './care-plan-rrule-messages.ts';
import { TEXT_FIELD_MESSAGES } from './text-field-messages.ts';
import { DATE_MESSAGES } from './zoned-time.ts';
import { MESSAGE_TEXTS } from './message-thread-messages.ts';

/**
 * Every validation message the shared schemas (and so the API's `fieldErrors`) can produce,
 * by code. The English texts are the spec's and stay as they are; readers of other languages
 * get the text of the code, so the web looks a message up here once, whichever form or
 * server answer it came from. The groups are read from the plain modules beside the schema
 * modules (`patient-messages.ts`, `allergy-kind.ts`…), never from the schema modules themselves:
 * a page that shows a field message builds only the schemas it uses (messages.test.ts).
 */
const MESSAGE_TABLES = {
  patient: PATIENT_MESSAGES,
  profile: PROFILE_MESSAGES,
  page: PAGE_MESSAGES,
  appointment: APPOINTMENT_MESSAGES,
  schedule: SCHEDULE_MESSAGES,
  practice: PRACTICE_MESSAGES,
  visit: VISIT_MESSAGES,
  clinicalText: CLINICAL_TEXT_MESSAGES,
  rrule: RRULE_MESSAGES,
  textField: TEXT_FIELD_MESSAGES,
  date: DATE_MESSAGES,
  directory: DIRECTORY_MESSAGES,
  // Secure messages: a conversation's subject and text (Contact support, the message screens).
  message: MESSAGE_TEXTS,
  // Each patient-owned kind's own messages, under its kind's name (`carePlan.titleRequired`).
  ...(Object.fromEntries(PATIENT_KINDS.map(({ kind, messages }) => [kind, messages])) as {
    [Kind in TPatientKind as Kind['kind']]: Kind['messages'];
  }),
} as const;

type Tables = typeof MESSAGE_TABLES;
export type TMessageCode = {
  [Table in keyof Tables]: `${Table}.${Extract<keyof Tables[Table], string>}`;
}[keyof Tables];

const CODE_BY_MESSAGE = new Map<string, TMessageCode>(
  Object.entries(MESSAGE_TABLES).flatMap(([table, messages]) =>
    Object.entries(messages).map(
      ([key, message]) => [message, `${table}.${key}` as TMessageCode] as const,
    ),
  ),
);

/** The code of a shared validation message, or undefined for any other text. */
export function messageCodeOf(message: string | undefined): TMessageCode | undefined {
  return message === undefined ? undefined : CODE_BY_MESSAGE.get(message);
}

/** All codes, for tests that check every one has a translation. */
export const MESSAGE_CODES: readonly TMessageCode[] = [...new Set(CODE_BY_MESSAGE.values())];
