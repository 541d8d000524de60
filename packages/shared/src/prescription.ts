import { z } from 'zod';
import { ALLERGY_SEVERITIES, allergyMatchFields } from './allergy.ts';
import {
  CLINICAL_TEXT_MESSAGES,
  clinicalOptionalText,
  clinicalRequiredText,
} from './clinical-text.ts';
import { optionalCalendarDay } from './day-fields.ts';
import { patientRecordAnswer } from './entity-answer.ts';
import { statusPageQuery } from './patient.ts';
import { NO_CONTROL_CHARACTERS } from './text-fields.ts';
import {
  PRESCRIPTION_STATUSES,
  PRESCRIPTION_MESSAGES,
  PRESCRIPTION_KIND,
} from './prescription-kind.ts';

export const MEDICATION_ROUTES = [
  'oral',
  'intravenous',
  'intramuscular',
  'topical',
  'inhaled',
  'other',
] as const;
/** A PUT sets these; `stopped` is reached only by the stop action, with its reason. */
export const EDITABLE_PRESCRIPTION_STATUSES = ['active', 'completed'] as const;
export type TMedicationRoute = (typeof MEDICATION_ROUTES)[number];
export type TPrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

export const PRESCRIPTION_LIMITS = {
  medicationMax: 200,
  shortTextMax: 100,
  instructionsMax: 1000,
  stopReasonMax: 500,
  /** `GET /api/records/medications`: the query's length and the number of suggestions. */
  suggestionQueryMax: 100,
  suggestionsMax: 10,
} as const;

const short = (tooLong: string) => clinicalOptionalText(PRESCRIPTION_LIMITS.shortTextMax, tooLong);

/**
 * What the form sends and `POST`/`PUT /api/records/patients/{id}/prescriptions[/{prescriptionId}]`
 * accept (a PUT replaces the whole prescription). `allergyAcknowledged` is not stored: it lets a
 * prescription that matches an active allergy be saved, and that is written to the audit trail.
 */
export const ZPrescriptionInput = z
  .strictObject({
    medication: clinicalRequiredText(
      PRESCRIPTION_LIMITS.medicationMax,
      PRESCRIPTION_MESSAGES.medicationRequired,
      PRESCRIPTION_MESSAGES.medicationTooLong,
    ).describe('Free text, e.g. Amoxicillin; up to 200 characters'),
    strength: short(PRESCRIPTION_MESSAGES.strengthTooLong).describe('e.g. 500 mg'),
    dose: clinicalRequiredText(
      PRESCRIPTION_LIMITS.shortTextMax,
      PRESCRIPTION_MESSAGES.doseRequired,
      PRESCRIPTION_MESSAGES.doseTooLong,
    ).describe('e.g. 1 capsule'),
    route: z.enum(MEDICATION_ROUTES, { error: PRESCRIPTION_MESSAGES.routeRequired }),
    frequency: clinicalRequiredText(
      PRESCRIPTION_LIMITS.shortTextMax,
      PRESCRIPTION_MESSAGES.frequencyRequired,
      PRESCRIPTION_MESSAGES.frequencyTooLong,
    ).describe('e.g. three times a day'),
    duration: short(PRESCRIPTION_MESSAGES.durationTooLong).describe(
      'e.g. 7 days; or give endDate instead',
    ),
    endDate: optionalCalendarDay(PRESCRIPTION_MESSAGES.endDateInvalid).describe(
      'The last day, YYYY-MM-DD, or empty; or give duration instead',
    ),
    instructions: clinicalOptionalText(
      PRESCRIPTION_LIMITS.instructionsMax,
      PRESCRIPTION_MESSAGES.instructionsTooLong,
      { isMultiLine: true },
    ).describe('For the patient, up to 1000 characters'),
    status: z
      .enum(EDITABLE_PRESCRIPTION_STATUSES, { error: PRESCRIPTION_MESSAGES.statusInvalid })
      .default('active')
      .describe('active (default) or completed; stop with POST …/stop'),
    allergyAcknowledged: z
      .boolean({ error: PRESCRIPTION_MESSAGES.acknowledgedInvalid })
      .default(false)
      .describe(
        'true when the prescriber has seen the allergy warning (409 `ALLERGY_WARNING`) and prescribes anyway; recorded in the audit trail',
      ),
  })
  .refine(({ duration, endDate }) => duration === '' || endDate === '', {
    error: PRESCRIPTION_MESSAGES.durationOrEndDate,
    path: ['endDate'],
  });

export type TPrescriptionInput = z.input<typeof ZPrescriptionInput>;

/** What a pharmacy hands out and labels: fixed once a prescription is dispensed. */
export const PRESCRIPTION_DISPENSED_FIELDS = [
  'medication',
  'strength',
  'dose',
  'route',
  'frequency',
  'duration',
  'endDate',
  'instructions',
] as const satisfies readonly (keyof TPrescriptionInput)[];
export type TPrescriptionData = z.output<typeof ZPrescriptionInput>;

/** A prescription as the API answers it. */
export const ZPrescription = patientRecordAnswer({
  medication: z.string(),
  strength: z.string(),
  dose: z.string(),
  route: z.enum(MEDICATION_ROUTES),
  frequency: z.string(),
  duration: z.string(),
  /** `YYYY-MM-DD` or ''. */
  endDate: z.string(),
  instructions: z.string(),
  status: z.enum(PRESCRIPTION_STATUSES),
  /** '' unless stopped. */
  stopReason: z.string(),
  stoppedAt: z.string().nullable(),
  verifyUrl: z
    .string()
    .nullable()
    .describe(
      'The page a pharmacist opens (or scans as a QR code) to verify the prescription: `{PUBLIC_URL}/verify/{token}`, the same token on every read; null only for a prescription written straight into the database until the next start-up issues its token',
    ),
  dispensedAt: z.string().nullable().describe('When a pharmacy dispensed it; null until then'),
  dispensedBy: z.string().nullable().describe('The name of the pharmacy that dispensed it'),
  pharmacyId: z
    .uuid()
    .nullable()
    .describe('The pharmacy (a facility of kind pharmacy) it was sent to; null if not sent'),
  sentAt: z.string().nullable().describe('When it was sent to that pharmacy'),
  readyAt: z.string().nullable().describe('When that pharmacy said it is ready for pickup'),
});

export type TPrescription = z.infer<typeof ZPrescription>;

/** `POST /api/records/patients/{id}/prescriptions/{prescriptionId}/stop` */
export const ZPrescriptionStop = z.strictObject({
  reason: clinicalRequiredText(
    PRESCRIPTION_LIMITS.stopReasonMax,
    PRESCRIPTION_MESSAGES.stopReasonRequired,
    PRESCRIPTION_MESSAGES.stopReasonTooLong,
  ).describe('Why it is stopped, up to 500 characters'),
});

export type TPrescriptionStop = z.input<typeof ZPrescriptionStop>;

/** `GET /api/records/patients/{id}/prescriptions?status=&limit=&cursor=` (newest first). */
export const ZPrescriptionListQuery = statusPageQuery(
  z.enum(PRESCRIPTION_STATUSES, { error: PRESCRIPTION_MESSAGES.statusInvalid }),
  'Only prescriptions with this status (`active`: the active medications)',
);

export type TPrescriptionListQuery = z.input<typeof ZPrescriptionListQuery>;

/** `GET /api/records/medications?query=`: names from my own earlier prescriptions. */
export const ZMedicationQuery = z.object({
  query: z
    .string({ error: PRESCRIPTION_MESSAGES.queryTooLong })
    .max(PRESCRIPTION_LIMITS.suggestionQueryMax, {
      error: PRESCRIPTION_MESSAGES.queryTooLong,
      abort: true,
    })
    // PostgreSQL text cannot hold NUL: refused here rather than failing in the query.
    .regex(NO_CONTROL_CHARACTERS, { error: CLINICAL_TEXT_MESSAGES.textInvalid })
    .default('')
    .describe('The start of a medication name (case-insensitive); empty: my most used'),
});

export const ZMedicationSuggestions = z
  .array(z.string())
  .describe('At most 10 distinct medication names, most prescribed first');

/**
 * The body of a 409 `ALLERGY_WARNING`: the active allergies of the patient the medication meets,
 * each with how (drug-class-match.ts): of the allergy's drug class or the substance itself
 * (`match`), of a cross-reactive class (`caution`), or naming the substance's words (`match`,
 * no class). Sending the prescription again with `allergyAcknowledged: true` saves it.
 */
export const ZAllergyWarning = z.object({
  message: z.string(),
  code: z.literal('ALLERGY_WARNING'),
  allergies: z.array(
    z.object({
      allergyId: z.uuid(),
      substance: z.string(),
      reaction: z.string(),
      severity: z.enum(ALLERGY_SEVERITIES),
      ...allergyMatchFields,
    }),
  ),
});

export type TAllergyWarning = z.infer<typeof ZAllergyWarning>;

export { PRESCRIPTION_STATUSES, PRESCRIPTION_MESSAGES, PRESCRIPTION_KIND };
