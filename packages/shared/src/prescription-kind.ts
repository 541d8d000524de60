import { definePatientKind } from './patient-kind.ts';
import type { TPrescription } from './prescription.ts';

/**
 * The prescription kind's declaration and validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

export const PRESCRIPTION_STATUSES = ['active', 'stopped', 'completed'] as const;

/** Validation messages of the prescription form and API, by code (unique among the shared tables). */
export const PRESCRIPTION_MESSAGES = {
  medicationRequired: 'Please enter the medication.',
  medicationTooLong: 'Medication must be at most 200 characters.',
  strengthTooLong: 'Strength must be at most 100 characters.',
  doseRequired: 'Please enter the dose.',
  doseTooLong: 'Dose must be at most 100 characters.',
  routeRequired: 'Please choose how the medication is taken.',
  frequencyRequired: 'Please enter how often it is taken.',
  frequencyTooLong: 'Frequency must be at most 100 characters.',
  durationTooLong: 'Duration must be at most 100 characters.',
  endDateInvalid: 'End date must be a day such as 2026-03-02.',
  durationOrEndDate: 'Give a duration or an end date, not both.',
  instructionsTooLong: 'Instructions must be at most 1000 characters.',
  statusInvalid: 'Please choose active or completed (stop a prescription with its reason).',
  acknowledgedInvalid: 'allergyAcknowledged must be true or false.',
  stopReasonRequired: 'Please give the reason for stopping.',
  stopReasonTooLong: 'The reason must be at most 500 characters.',
  queryTooLong: 'query must be at most 100 characters.',
} as const;

/** The prescription's declaration (patient-kinds.ts lists it). */
export const PRESCRIPTION_KIND = definePatientKind({
  kind: 'prescription',
  segment: 'prescriptions',
  noun: 'prescription',
  errorPrefix: 'PRESCRIPTION',
  messages: PRESCRIPTION_MESSAGES,
  namespace: 'clinical',
  timeline: {
    entries: ['prescription-started', 'prescription-stopped'],
    states: PRESCRIPTION_STATUSES,
  },
  // Everything needed to take the medicine and know whether to go on, but not the stop reason:
  // it is written for the chart (a suspicion, another prescriber's error) and is better said
  // in person; the patient still sees that and when it was stopped.
  patientView: [
    '_id',
    'medication',
    'strength',
    'dose',
    'route',
    'frequency',
    'duration',
    'endDate',
    'instructions',
    'status',
    'stoppedAt',
    'verifyUrl',
    'dispensedAt',
    'dispensedBy',
    'pharmacyId',
    'sentAt',
    'readyAt',
    'createdAt',
  ] as const satisfies readonly (keyof TPrescription)[],
});
