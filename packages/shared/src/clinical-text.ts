import { z } from 'zod';

/** Text fields of the clinical records (allergies, prescriptions): one rule for each kind. */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** Shared by every clinical text field, so the web translates it once. */
export const CLINICAL_TEXT_MESSAGES = {
  textInvalid: 'This clinical text contains a character that is not allowed.',
} as const;

/** Required text, trimmed; the length checks abort before the pattern scans a long value. */
export function clinicalRequiredText(max: number, required: string, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true })
    .regex(NO_CONTROL_CHARACTERS, { error: CLINICAL_TEXT_MESSAGES.textInvalid });
}

/** Optional text, trimmed, absent = ''. */
export function clinicalOptionalText(max: number, tooLong: string) {
  return z
    .string({ error: tooLong })
    .trim()
    .max(max, { error: tooLong, abort: true })
    .regex(NO_CONTROL_CHARACTERS, { error: CLINICAL_TEXT_MESSAGES.textInvalid })
    .default('');
}
