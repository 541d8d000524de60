import { definePatientKind } from './patient-kind.ts';
import type { TImmunization } from './immunization.ts';

/**
 * The immunization kind's declaration and validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/**
 * An immunization: a vaccine given to the patient (or, `not-done`, one that was not, and why).
 * The values follow FHIR's Immunization: its status, its status reasons (v3 ActReason), its
 * sites (v3 ActSite) and routes (v3 RouteOfAdministration), here by readable names.
 */
export const IMMUNIZATION_STATUSES = ['completed', 'not-done'] as const;

/** Validation messages of the immunization form and API, by code. */
export const IMMUNIZATION_MESSAGES = {
  vaccineRequired: 'Please enter the vaccine.',
  vaccineTooLong: 'Vaccine must be at most 200 characters.',
  vaccineCodeInvalid: 'Please choose a vaccine from the list, or enter its name only.',
  occurredOnInvalid: 'Please enter the date given as YYYY-MM-DD.',
  doseNumberInvalid: 'The dose number must be a whole number from 1 to 20.',
  lotTooLong: 'Lot number must be at most 50 characters.',
  siteInvalid: 'Please choose a site from the list.',
  routeInvalid: 'Please choose a route from the list.',
  noteTooLong: 'The note must be at most 500 characters.',
  statusInvalid: 'Please choose given or not given.',
  reasonRequired: 'Please choose why the vaccine was not given.',
  reasonOnlyNotDone: 'A reason is only recorded when the vaccine was not given.',
} as const;

/** The immunization's declaration (patient-kinds.ts lists it). */
export const IMMUNIZATION_KIND = definePatientKind({
  kind: 'immunization',
  segment: 'immunizations',
  noun: 'immunization',
  errorPrefix: 'IMMUNIZATION',
  messages: IMMUNIZATION_MESSAGES,
  namespace: 'immunizations',
  timeline: {
    entries: ['immunization'],
    states: IMMUNIZATION_STATUSES,
    about: {
      at: 'the day the vaccine was given (or not given), at 00:00 UTC',
      summary: 'the vaccine',
      detail: 'who gave it (its performer note)',
      state: '`completed` or `not-done`',
    },
  },
  // The vaccination record a patient is asked for (vaccine, day, dose, lot), not the performer
  // note, which is the practitioner's free text.
  patientView: [
    '_id',
    'vaccine',
    'vaccineCode',
    'occurredOn',
    'doseNumber',
    'lotNumber',
    'site',
    'route',
    'status',
    'statusReason',
  ] as const satisfies readonly (keyof TImmunization)[],
});
