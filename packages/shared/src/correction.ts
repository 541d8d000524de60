import { z } from 'zod';
import { PATIENT_KINDS } from './patient-kinds.ts';
import { requiredTrimmedText } from './text-fields.ts';

/**
 * A linked person's request to correct something in the patient's record, and the
 * practitioner's answer. The record itself is only ever changed by the practitioner (accepting
 * says what was changed); the request and the answer are kept either way, so the record shows
 * that a correction was asked for even when it was declined.
 */

/** What a request can point at: the patient's own details, or one item the patient sees. */
export const CORRECTION_ABOUT_KINDS = [
  'patient',
  'appointment',
  'visit',
  ...PATIENT_KINDS.map(({ kind }) => kind),
] as [TCorrectionAboutKind, ...TCorrectionAboutKind[]];
export type TCorrectionAboutKind =
  'patient' | 'appointment' | 'visit' | (typeof PATIENT_KINDS)[number]['kind'];

export const CORRECTION_STATUSES = ['requested', 'accepted', 'declined'] as const;
export type TCorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export const CORRECTION_TEXT_MAX = 2000;
export const CORRECTION_ANSWER_MAX = 2000;

export const CORRECTION_MESSAGES = {
  textRequired: 'Please say what should be corrected.',
  textTooLong: `Please keep the request under ${CORRECTION_TEXT_MAX} characters.`,
  textInvalid: 'The request contains a character that is not allowed.',
  aboutInvalid: 'Please choose what in the record the request is about.',
  reasonRequired: 'Please give the reason for declining.',
  answerTooLong: `Please keep the answer under ${CORRECTION_ANSWER_MAX} characters.`,
  answerInvalid: 'The answer contains a character that is not allowed.',
} as const;

/**
 * The item a request points at: `{ kind: 'patient', id: null }` for the patient's own details
 * (name, date of birth), else a kind and the `_id` of an item the patient's screens show.
 */
export const ZCorrectionAbout = z
  .strictObject({
    kind: z.enum(CORRECTION_ABOUT_KINDS, { error: CORRECTION_MESSAGES.aboutInvalid }),
    id: z.uuid({ error: CORRECTION_MESSAGES.aboutInvalid }).nullable(),
  })
  .refine((about) => (about.kind === 'patient') === (about.id === null), {
    error: CORRECTION_MESSAGES.aboutInvalid,
  });
export type TCorrectionAbout = z.infer<typeof ZCorrectionAbout>;

/** `POST /api/me/patients/{patientId}/corrections`. `about: null`: the record in general. */
export const ZCorrectionRequestBody = z.strictObject({
  about: ZCorrectionAbout.nullable(),
  text: requiredTrimmedText({
    max: CORRECTION_TEXT_MAX,
    required: CORRECTION_MESSAGES.textRequired,
    tooLong: CORRECTION_MESSAGES.textTooLong,
    invalid: CORRECTION_MESSAGES.textInvalid,
    isMultiLine: true,
  }),
});
export type TCorrectionRequestBody = z.infer<typeof ZCorrectionRequestBody>;

/** `POST /api/records/patients/{id}/corrections/{correctionId}/accept`: what was changed. */
export const ZCorrectionAcceptBody = z.strictObject({
  answer: z
    .string({ error: CORRECTION_MESSAGES.answerTooLong })
    .trim()
    .max(CORRECTION_ANSWER_MAX, { error: CORRECTION_MESSAGES.answerTooLong })
    .default(''),
});

/** `POST …/corrections/{correctionId}/decline`: the reason, required. */
export const ZCorrectionDeclineBody = z.strictObject({
  reason: requiredTrimmedText({
    max: CORRECTION_ANSWER_MAX,
    required: CORRECTION_MESSAGES.reasonRequired,
    tooLong: CORRECTION_MESSAGES.answerTooLong,
    invalid: CORRECTION_MESSAGES.answerInvalid,
    isMultiLine: true,
  }),
});

/** One request, as both sides see it. */
export const ZCorrection = z.object({
  _id: z.uuid(),
  patientId: z.uuid(),
  about: ZCorrectionAbout.nullable(),
  text: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  /** What the practitioner changed (accepted) or why not (declined); '' while requested. */
  answer: z.string(),
  requestedAt: z.string(),
  requestedByName: z.string().describe('The linked person who asked'),
  answeredAt: z.string().nullable(),
});
export type TCorrection = z.infer<typeof ZCorrection>;

export const ZCorrectionParams = z.object({
  id: z.string().max(200).describe('The patient record’s `_id`'),
  correctionId: z.string().max(200).describe('The correction request’s `_id`'),
});
