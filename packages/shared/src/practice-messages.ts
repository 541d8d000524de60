/**
 * The Practice section's validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/** The Practice section's messages, shared by the form and the API; the web translates by key. */
export const PRACTICE_MESSAGES = {
  nameTooLong: 'Practice name must be at most 200 characters on one line.',
  streetTooLong: 'Street must be at most 300 characters.',
  postalCodeInvalid: 'Postal code must be at most 20 letters, digits, spaces or hyphens.',
  cityTooLong: 'City must be at most 100 characters on one line.',
  countryInvalid: 'Please choose a country from the list.',
  phoneInvalid:
    'Please enter a valid practice phone number, as dialled in the practice country or starting with + and the country code.',
  registrationNumberInvalid:
    'Registration number must be at most 50 letters, digits, spaces, dots, slashes or hyphens.',
  cancellationNoticeInvalid: 'Cancellation notice must be a whole number of hours from 0 to 168.',
} as const;
