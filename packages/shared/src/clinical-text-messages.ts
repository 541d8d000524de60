/**
 * The clinical texts' validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/** Shared by every clinical text field, so the web translates it once. */
export const CLINICAL_TEXT_MESSAGES = {
  textInvalid: 'This clinical text contains a character that is not allowed.',
} as const;
