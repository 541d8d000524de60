import { definePatientKind } from './patient-kind.ts';
import type { TAllergy } from './allergy.ts';

/**
 * The allergy kind's declaration and validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe'] as const;

/** Validation messages of the allergy form and API, by code (unique among the shared tables). */
export const ALLERGY_MESSAGES = {
  substanceRequired: 'Please enter the substance the patient is allergic to.',
  substanceTooLong: 'Substance must be at most 200 characters.',
  reactionTooLong: 'Reaction must be at most 500 characters.',
  severityRequired: 'Please choose mild, moderate or severe.',
  statusInvalid: 'Please choose active, inactive or resolved.',
} as const;

/** The allergy's declaration (patient-kinds.ts lists it). */
export const ALLERGY_KIND = definePatientKind({
  kind: 'allergy',
  segment: 'allergies',
  noun: 'allergy',
  errorPrefix: 'ALLERGY',
  messages: ALLERGY_MESSAGES,
  namespace: 'clinical',
  timeline: { entries: ['allergy'], states: ALLERGY_SEVERITIES },
  // Not the prescriptions it matches: that warning is written for the prescriber.
  patientView: [
    '_id',
    'substance',
    'reaction',
    'severity',
    'status',
    'createdAt',
  ] as const satisfies readonly (keyof TAllergy)[],
});
