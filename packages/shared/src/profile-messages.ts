import { ERRORS } from './errors.ts';

/**
 * The profile's and the schedule settings' validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/**
 * The profile form's messages, shared by the form and the API. The first four are the product's
 * own texts, word for word; the phone's follows the international rule of phone.ts; the others
 * cover limits the product leaves open. The web app
 * translates them by key, so every value here must stay unique.
 */
export const PROFILE_MESSAGES = {
  nameRequired: 'Name is required.',
  emailInvalid: 'Please enter a valid email address.',
  ageInvalid: 'Age must be a positive number.',
  genderInvalid: 'Please select a valid gender.',
  phoneInvalid:
    'Please enter a valid phone number: + and the country code, or as dialled in your practice country.',
  nameTooLong: 'Name must be at most 100 characters.',
  ageWhole: 'Age must be a whole number.',
  ageTooHigh: 'Age cannot be more than 150.',
  addressTooLong: 'Address must be at most 500 characters.',
  pictureInvalid: 'Picture must be an https:// image link.',
  emailReadOnly: ERRORS.EMAIL_READ_ONLY.message,
} as const;

/**
 * The practitioner's schedule settings (for appointments): time zone, working hours, calendar
 * reminders and feed privacy. Their messages are a table of their own, apart from the profile
 * form's.
 */
export const SCHEDULE_MESSAGES = {
  timeZoneInvalid: 'Please choose a valid time zone, such as Europe/Berlin.',
  workingHoursInvalid: 'Working hours must run from a start time to a later end time (HH:MM).',
  reminderInvalid: 'Reminder must be a whole number of minutes from 0 to 10080, or none.',
  fullNamesInvalid: 'Choose whether the calendar feed shows full names.',
  reminderHoursInvalid: 'Reminder must be a whole number of hours from 1 to 168, or none.',
} as const;
