import { z } from 'zod';

/**
 * Text fields, built one way for every entity. Each length limit aborts the checks
 * after it (`abort: true`): zod runs all checks of a field by default, so a pattern would still
 * scan a 256 KiB value that is already refused (length-before-pattern.test.ts).
 */

/** PostgreSQL text cannot hold NUL; other control characters have no place in a record either. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** A text field's limit and messages: each entity keeps its own (the web translates by text). */
export interface TextFieldRule {
  max: number;
  tooLong: string;
  /** When the text does not match `pattern`. */
  invalid: string;
}

/** Required text, trimmed: not blank, at most `max` characters, then matching `pattern`. */
export function requiredTrimmedText({
  max,
  required,
  tooLong,
  invalid,
  pattern = NO_CONTROL_CHARACTERS,
}: TextFieldRule & { required: string; pattern?: RegExp }) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true })
    .regex(pattern, { error: invalid });
}

/**
 * Text that `isValid` accepts (a day, an instant, a time zone), at most `max` characters: a
 * longer text is refused before `isValid` reads it. Every failure says `message`.
 */
export function checkedText(max: number, isValid: (text: string) => boolean, message: string) {
  return z
    .string({ error: message })
    .max(max, { error: message, abort: true })
    .refine(isValid, { error: message });
}

/** Optional text, trimmed, absent = ''. */
export function optionalTrimmedText({ max, tooLong, invalid }: TextFieldRule) {
  return z
    .string({ error: tooLong })
    .trim()
    .max(max, { error: tooLong, abort: true })
    .regex(NO_CONTROL_CHARACTERS, { error: invalid })
    .default('');
}
