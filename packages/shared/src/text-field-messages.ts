/**
 * Every text field's validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/** The messages of the rules above where the field has none of its own. */
export const TEXT_FIELD_MESSAGES = {
  oneLine: 'This text must be a single line, without tabs or control characters.',
  controlCharacter: 'This text contains a control character, which is not allowed.',
} as const;
