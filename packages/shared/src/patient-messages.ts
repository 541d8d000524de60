/**
 * The patient form's and the list pages' validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/** The patient form's messages, the product's own texts, shared by the form and the API. */
export const PATIENT_MESSAGES = {
  nameRequired: 'Name is required',
  diagnosisRequired: 'Diagnosis is required',
  addressRequired: 'Address is required',
  ageRequired: 'Age is required',
  ageNegative: 'Age cannot be negative',
  ageTooHigh: 'Age cannot be more than 150',
  bloodGroupRequired: 'Blood group is required',
  genderRequired: 'Gender is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid:
    'Phone number is not valid: start with + and the country code, or dial it as in your practice country',
  emergencyPhoneRequired: 'Emergency contact phone is required',
  emergencyPhoneInvalid:
    'Emergency contact phone is not valid: start with + and the country code, or dial it as in your practice country',
  dateOfBirthInvalid: 'Date of birth must be a real date (YYYY-MM-DD)',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooEarly: 'Date of birth cannot be before 1900',
  tooLong: 'This text is too long',
  invalidCharacters: 'This text contains a character that is not allowed',
} as const;

/** `?limit=` bounds of the patient list and the audit trail. */
export const PAGE_LIMIT = { default: 50, max: 200 } as const;

export const PAGE_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${PAGE_LIMIT.max}`,
  cursor: 'cursor is not a valid page cursor',
  query: 'q must be at most 100 characters',
} as const;
