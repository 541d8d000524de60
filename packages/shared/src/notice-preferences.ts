import { z } from 'zod';

/**
 * The kinds of notice the portal e-mails, each of which a user can turn off:
 * - `appointment-reminders`: the practitioner's own reminders (an appointment coming, a care-plan
 *   activity due), the e-mails the reminders' bell also shows;
 * - `link-notices`: someone was linked to one of the practitioner's patients' records; and, for
 *   the linked person, their own link made;
 * - `patient-appointment-reminders`: a linked patient's reminders of their own appointments;
 * - `correction-notices`: a linked person asked for a correction of one of the practitioner's
 *   patients' records; and, for the person who asked, the answer;
 * - `message-notices`: a secure message the user has not read 10 minutes after it was written;
 * - `medicine-notices`: for a person linked to a patient, a refill they asked for was answered,
 *   or a prescription sent to a pharmacy is ready for pickup.
 */
export const NOTICE_KINDS = [
  'appointment-reminders',
  'link-notices',
  'patient-appointment-reminders',
  'correction-notices',
  'message-notices',
  'medicine-notices',
] as const;
export type TNoticeKind = (typeof NOTICE_KINDS)[number];

const DESCRIPTIONS: Record<TNoticeKind, string> = {
  'appointment-reminders':
    "E-mail the practitioner's own reminders: an appointment coming, a care-plan activity due",
  'link-notices':
    "E-mail when a person is linked to one of the user's patients' records, and when the user's own account is linked to a record",
  'patient-appointment-reminders': "E-mail a linked patient's reminders of their own appointments",
  'correction-notices':
    "E-mail when a linked person asks for a correction of one of the user's patients' records, and when the user's own request is answered",
  'message-notices':
    'E-mail "You have a new message" (never its text) when a message to the user is still unread 10 minutes after it was written',
  'medicine-notices':
    'E-mail (never a medication name) when a refill the user asked for is answered, and when a prescription sent to a pharmacy is ready for pickup',
};

const shape = Object.fromEntries(
  NOTICE_KINDS.map((kind) => [kind, z.boolean().meta({ description: DESCRIPTIONS[kind] })]),
) as Record<TNoticeKind, z.ZodBoolean>;

/**
 * Whether each kind of notice is e-mailed: `GET` and `PUT /api/user/notice-preferences`. A save
 * sends every kind and nothing else, so a kind missed by an old page is refused, not guessed.
 */
export const ZNoticePreferences = z
  .strictObject(shape)
  .meta({ description: 'Each kind of notice: true = e-mailed, false = turned off' });
export type TNoticePreferences = z.infer<typeof ZNoticePreferences>;

/**
 * Every kind is e-mailed until the user turns it off, so a kind added later reaches everyone who
 * has not said otherwise.
 */
export const DEFAULT_NOTICE_PREFERENCES: TNoticePreferences = Object.fromEntries(
  NOTICE_KINDS.map((kind) => [kind, true]),
) as TNoticePreferences;

/** The user's choices over the defaults; only known kinds with a yes or no count. */
export function noticePreferencesOf(stored: Readonly<Record<string, unknown>>): TNoticePreferences {
  return Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, typeof stored[kind] === 'boolean' ? stored[kind] : true]),
  ) as TNoticePreferences;
}
