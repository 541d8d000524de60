/**
 * The directory's validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/** Validation messages of the directory's forms and queries, by key. */
export const DIRECTORY_MESSAGES = {
  kindInvalid: 'Choose clinic, hospital or pharmacy.',
  nameRequired: 'Please enter the facility’s name.',
  nameTooLong: 'The facility’s name must be at most 200 characters on one line.',
  addressRequired: 'Please enter the facility’s address.',
  addressTooLong: 'The address must be at most 300 characters, without control characters.',
  cityRequired: 'Please enter the city.',
  cityTooLong: 'The city must be at most 100 characters on one line.',
  countryInvalid: 'Please choose the facility’s country from the list.',
  phoneInvalid:
    'Please enter a valid facility phone number, as dialled in its country or starting with + and the country code.',
  coordinatesInvalid:
    'Coordinates need a latitude from -90 to 90 and a longitude from -180 to 180.',
  emailInvalid: 'Enter a valid e-mail address for the staff member.',
  codeInvalid: 'This staff invitation link is not valid.',
  listedInvalid: 'Say whether the listing is public (true or false).',
  facilityInvalid: 'Choose a facility you own or work at, or none.',
  specialtiesInvalid: 'Choose up to 5 different specialties from the list.',
  specialtiesRequired: 'Choose at least one specialty to be listed.',
  languagesInvalid: 'Choose up to 10 different languages from the list.',
  languagesRequired: 'Choose at least one language to be listed.',
  bioTooLong: 'The introduction must be at most 1000 characters, without control characters.',
  visitKindsInvalid: 'Choose in person, video or phone, each at most once.',
  visitKindsRequired: 'Choose at least one kind of visit to be listed.',
  onlineBookingInvalid: 'Choose off, request or instant for online booking.',
  reasonRequired: 'Please give the reason for the rejection (at most 500 characters).',
  queryInvalid: 'The search text must be at most 100 characters on one line.',
  specialtyFilterInvalid: 'specialty must be a code from the list of specialties.',
  languageFilterInvalid: 'language must be a language code from the list.',
  visitKindFilterInvalid: 'kind must be in-person, video or phone.',
  facilityKindFilterInvalid: 'kind must be clinic, hospital or pharmacy.',
  pageLimitInvalid: 'limit must be a whole number from 1 to 50.',
  cursorInvalid: 'cursor must be the page cursor of a previous answer.',
  slotDayInvalid: 'from and to must be days such as 2026-03-02.',
  slotRangeInvalid: 'to must be the same day as from or later, and at most 14 days in all.',
} as const;
