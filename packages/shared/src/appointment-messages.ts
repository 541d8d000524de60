/**
 * The appointment form's validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/**
 * Validation messages of the appointment form and API, by code (the web translates them by
 * code through messages.ts, so every text here must be unique among the shared tables).
 */
export const APPOINTMENT_MESSAGES = {
  patientRequired: 'Please choose a patient.',
  startRequired: 'Please choose a valid start time.',
  durationRange: 'Duration must be a whole number of minutes from 5 to 480.',
  kindRequired: 'Please choose in person, video or phone.',
  statusInvalid: 'Please choose a valid appointment status.',
  reasonTooLong: 'Reason must be at most 200 characters.',
  noteTooLong: 'Note must be at most 2000 characters.',
  textInvalid: 'This text contains a character that is not allowed.',
  rangeInvalid: 'from and to must be times such as 2026-03-02T00:00:00Z.',
  rangeOrder: 'to must be after from.',
  rangeTooLong: 'An agenda range can be at most 62 days.',
  dateInvalid: 'date must be a day such as 2026-03-02.',
  patientFilterInvalid: 'patientId must be a patient id.',
  declineMessageTooLong: 'The message to the patient must be at most 500 characters.',
} as const;
