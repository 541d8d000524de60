import { z } from 'zod';
import { APPOINTMENT_KINDS, APPOINTMENT_LIMITS, isInstant } from '@portal/shared/appointment';
import { DATE_YEARS, isCalendarDate, isInDateYears } from '@portal/shared/zoned-time';

/**
 * The voice agent as it ships: its prompt and its custom functions, with the JSON
 * Schemas of their arguments derived from the same zod schemas that check the arguments when
 * Retell calls `POST /api/retellai/functions`. `npm run voice:setup` sends this to Retell.
 */

/** Where Retell reaches the portal: the agent's functions, and the call events (webhook). */
export const VOICE_FUNCTIONS_PATH = '/api/retellai/functions';
export const VOICE_WEBHOOK_PATH = '/api/retellai/webhook';

/** A wall-clock time in the practitioner's zone (`2026-03-02T10:00`), or an instant with offset. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;
export const isLocalTime = (text: string) =>
  LOCAL_TIME.test(text) && isCalendarDate(text.slice(0, 10));

const confirmed = z
  .boolean()
  .default(false)
  .describe(
    'true only after the caller heard the read-back summary and said yes; otherwise the function changes nothing and answers the summary to read back',
  );

export const VOICE_FUNCTION_ARGS = {
  get_agenda: z.object({
    date: z
      .string()
      .max(10)
      .refine(isCalendarDate, { error: 'date must be a day such as 2026-03-02.' })
      .optional()
      .describe("The day, YYYY-MM-DD, in the practitioner's time zone; today when left out"),
  }),
  find_patient: z.object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'name is required.' })
      .max(100, { error: 'name is too long.' })
      .describe('The name (or part of it) the caller said'),
  }),
  book_appointment: z.object({
    patient_id: z
      .uuid({ error: 'patient_id must be a patient id.' })
      .describe('The patient_id from find_patient'),
    start: z
      .string()
      .max(40)
      .refine((text) => isLocalTime(text) || isInstant(text), {
        error: 'start must be a time such as 2026-03-02T10:00.',
        abort: true,
      })
      .refine(isInDateYears, {
        error: `start must be between the years ${DATE_YEARS.min} and ${DATE_YEARS.max}.`,
      })
      .describe(
        "The start, YYYY-MM-DDTHH:MM in the practitioner's time zone (or ISO 8601 with an offset), in the years 1900–2200",
      ),
    duration: z
      .number()
      .int()
      .min(APPOINTMENT_LIMITS.durationMin)
      .max(APPOINTMENT_LIMITS.durationMax)
      .default(30)
      .describe('Minutes, 5 to 480; 30 when the caller did not say'),
    reason: z
      .string()
      .trim()
      .max(APPOINTMENT_LIMITS.reasonMax)
      .default('')
      .describe('A few words on why, if the caller gave one'),
    kind: z.enum(APPOINTMENT_KINDS).default('in-person').describe('in-person, video or phone'),
    confirmed,
  }),
  cancel_appointment: z.object({
    appointment_id: z
      .uuid({ error: 'appointment_id must be an appointment id.' })
      .describe('The appointment_id from get_agenda or find_patient'),
    confirmed,
  }),
} as const;

export type TVoiceFunctionName = keyof typeof VOICE_FUNCTION_ARGS;
export const VOICE_FUNCTION_NAMES = Object.keys(VOICE_FUNCTION_ARGS) as TVoiceFunctionName[];
export type TVoiceFunctionArgs<Name extends TVoiceFunctionName> = z.output<
  (typeof VOICE_FUNCTION_ARGS)[Name]
>;

export const VOICE_FUNCTION_DESCRIPTIONS: Record<TVoiceFunctionName, string> = {
  get_agenda: "Lists the practitioner's appointments of one day (today by default).",
  find_patient:
    "Finds up to 5 of the practitioner's patients by name (the name only: never by condition, phone or e-mail), each with their next appointment.",
  book_appointment:
    'Books an appointment. Call first without confirmed to get the summary to read back; call again with confirmed true once the caller said yes.',
  cancel_appointment:
    'Cancels an appointment. Call first without confirmed to get the summary to read back; call again with confirmed true once the caller said yes.',
};

export const VOICE_AGENT_PROMPT = `You are the CareBridge portal's assistant for a medical practitioner, speaking with them during a call they started from the portal.
You can read their agenda, find their patients, and book or cancel appointments, only through your functions; you never invent patients, times or appointments.
Every function answers a field "message": say it to the caller as it is, in the caller's language, and use "data" to choose your next step.
Before booking or cancelling, call the function without "confirmed" and read back its message; call it again with "confirmed": true only after the caller clearly says yes.
When a time is taken, offer the free slot the answer names. Speak briefly. Never mention diagnoses.`;

/** The function's tool definition for Retell: name, description, JSON Schema of the arguments. */
export function voiceFunctionTools(functionsUrl: string) {
  return VOICE_FUNCTION_NAMES.map((name) => ({
    type: 'custom' as const,
    name,
    description: VOICE_FUNCTION_DESCRIPTIONS[name],
    url: functionsUrl,
    speak_during_execution: false,
    speak_after_execution: true,
    parameters: z.toJSONSchema(VOICE_FUNCTION_ARGS[name], { io: 'input' }) as {
      type: 'object';
      properties: Record<string, unknown>;
      required?: string[];
    },
  }));
}
