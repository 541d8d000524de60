import { optionalTextOf, requiredTrimmedText } from './text-fields.ts';

/** Text fields of the clinical records (the patient-owned kinds): one rule for each kind. */

export { NO_CONTROL_CHARACTERS } from './text-fields.ts';

/** Shared by every clinical text field, so the web translates it once. */
export const CLINICAL_TEXT_MESSAGES = {
  textInvalid: 'This clinical text contains a character that is not allowed.',
} as const;

/**
 * Required text, trimmed, on one line; the length checks abort before the patterns scan a long
 * value.
 */
export function clinicalRequiredText(max: number, required: string, tooLong: string) {
  return requiredTrimmedText({
    max,
    required,
    tooLong,
    invalid: CLINICAL_TEXT_MESSAGES.textInvalid,
  });
}

/** Optional clinical text, on one line unless `isMultiLine` (instructions). */
export const clinicalOptionalText = optionalTextOf(CLINICAL_TEXT_MESSAGES.textInvalid);
