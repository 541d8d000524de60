import { z } from 'zod';
import { clinicalOptionalText, clinicalRequiredText } from './clinical-text.ts';
import { ALLERGY_MATCH_LEVELS } from './drug-class-match.ts';
import { DRUG_CLASS_CODES } from './drug-classes.ts';
import { patientRecordAnswer } from './entity-answer.ts';
import { statusPageQuery } from './patient.ts';
import { ALLERGY_SEVERITIES, ALLERGY_MESSAGES, ALLERGY_KIND } from './allergy-kind.ts';

export const ALLERGY_STATUSES = ['active', 'inactive', 'resolved'] as const;
export type TAllergySeverity = (typeof ALLERGY_SEVERITIES)[number];
export type TAllergyStatus = (typeof ALLERGY_STATUSES)[number];

export const ALLERGY_LIMITS = { substanceMax: 200, reactionMax: 500 } as const;

const ZAllergyStatus = z.enum(ALLERGY_STATUSES, { error: ALLERGY_MESSAGES.statusInvalid });

/**
 * What the form sends and `POST`/`PUT /api/records/patients/{id}/allergies[/{allergyId}]` accept
 * (a PUT replaces the whole allergy). Unknown fields are rejected.
 */
export const ZAllergyInput = z.strictObject({
  substance: clinicalRequiredText(
    ALLERGY_LIMITS.substanceMax,
    ALLERGY_MESSAGES.substanceRequired,
    ALLERGY_MESSAGES.substanceTooLong,
  ).describe('What the patient reacts to, e.g. Penicillin; up to 200 characters'),
  reaction: clinicalOptionalText(
    ALLERGY_LIMITS.reactionMax,
    ALLERGY_MESSAGES.reactionTooLong,
  ).describe('What happens, e.g. hives; up to 500 characters'),
  severity: z.enum(ALLERGY_SEVERITIES, { error: ALLERGY_MESSAGES.severityRequired }),
  status: ZAllergyStatus.default('active').describe(
    'active (default; only active allergies warn), inactive or resolved',
  ),
});

export type TAllergyInput = z.input<typeof ZAllergyInput>;
export type TAllergyData = z.output<typeof ZAllergyInput>;

/** How a medication meets an allergy: the two fields of the warning and of the reverse listing. */
export const allergyMatchFields = {
  level: z
    .enum(ALLERGY_MATCH_LEVELS)
    .describe(
      '`match`: the medication is the substance, of its drug class, or names its words; `caution`: it is of a cross-reactive class (penicillins and cephalosporins, aspirin and other NSAIDs)',
    ),
  drugClass: z
    .enum(DRUG_CLASS_CODES)
    .nullable()
    .describe(
      "The medication's WHO ATC group from the curated table (e.g. J01C penicillins), or null for a match by the substance's words alone",
    ),
};

/** An allergy as the API answers it. */
export const ZAllergy = patientRecordAnswer({
  substance: z.string(),
  reaction: z.string(),
  severity: z.enum(ALLERGY_SEVERITIES),
  status: z.enum(ALLERGY_STATUSES),
  matchingPrescriptions: z
    .array(
      z.object({
        prescriptionId: z.uuid(),
        medication: z.string(),
        ...allergyMatchFields,
      }),
    )
    .describe(
      "The patient's active prescriptions this allergy warns for, oldest first; empty unless the allergy is active",
    ),
});

export type TAllergy = z.infer<typeof ZAllergy>;
/** An allergy as stored, before its matching prescriptions are read. */
export type TAllergyRecord = Omit<TAllergy, 'matchingPrescriptions'>;

/** `GET /api/records/patients/{id}/allergies?status=&limit=&cursor=` (newest first). */
export const ZAllergyListQuery = statusPageQuery(ZAllergyStatus, 'Only allergies with this status');

export type TAllergyListQuery = z.input<typeof ZAllergyListQuery>;

export { ALLERGY_SEVERITIES, ALLERGY_MESSAGES, ALLERGY_KIND };
