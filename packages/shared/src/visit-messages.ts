/**
 * The visit form's validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/**
 * Validation messages of the visit form and API, by code (the web translates them by code
 * through messages.ts, so every text here is unique among the shared tables).
 */
export const VISIT_MESSAGES = {
  occurredAtRequired: 'Please give the date and time of the visit.',
  reasonTooLong: 'The reason for the visit must be at most 200 characters.',
  notesTooLong: 'Each section of the notes must be at most 10000 characters.',
  systolicRange: 'Systolic blood pressure must be a whole number from 50 to 300 mmHg.',
  diastolicRange: 'Diastolic blood pressure must be a whole number from 20 to 200 mmHg.',
  diastolicAboveSystolic: 'Diastolic blood pressure must be lower than systolic.',
  heartRateRange: 'Heart rate must be a whole number from 20 to 300 per minute.',
  temperatureRange: 'Temperature must be from 30 to 45 °C, with at most one decimal.',
  weightRange: 'Weight must be from 0.2 to 500 kg, with at most one decimal.',
  heightRange: 'Height must be from 20 to 272 cm, with at most one decimal.',
  oxygenSaturationRange: 'Oxygen saturation must be a whole number from 50 to 100 %.',
  appointmentInvalid: 'appointmentId must be an appointment id.',
  appointmentNotOwn: 'Please choose one of this patient’s appointments.',
  appointmentNotOpen: 'This appointment was cancelled or missed; choose another one or none.',
  addendumRequired: 'Please write the addendum.',
  addendumTooLong: 'An addendum must be at most 10000 characters.',
  sharingInvalid: 'Please choose default, shared or private.',
} as const;
