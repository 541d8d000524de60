import { optionalTextOf, requiredTrimmedText } from './text-fields.ts';
import { CLINICAL_TEXT_MESSAGES } from './clinical-text-messages.ts';

/** Text fields of the clinical records (the patient-owned kinds): one rule for each kind. */

export { NO_CONTROL_CHARACTERS } from './text-fields.ts';

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

export { CLINICAL_TEXT_MESSAGES };
