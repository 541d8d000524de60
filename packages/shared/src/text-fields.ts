import { z } from 'zod';
import { TEXT_FIELD_MESSAGES } from './text-field-messages.ts';

/**
 * Text fields, built one way for every entity. Each length limit aborts the checks
 * after it (`abort: true`): zod runs all checks of a field by default, so a pattern would still
 * scan a 256 KiB value that is already refused (length-before-pattern.test.ts).
 */

/**
 * Multi-line text: tabs and line breaks (CR, LF) are kept; every other C0 control, DEL and C1
 * control is refused (PostgreSQL text cannot hold NUL, and escape sequences have no place in a
 * record or a terminal reading the logs), as are the Unicode line and paragraph separators,
 * which some readers break lines at and others do not.
 */
export const NO_CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]*$/;

/**
 * One-line text (a name, a title, a drug name): the tab and line breaks are refused too, since
 * a list, a printed label or a voice agent reading the value takes it as one line.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const ONE_LINE_TEXT = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/;

/** A text field's limit and messages: each entity keeps its own (the web translates by text). */
export interface TextFieldRule {
  max: number;
  tooLong: string;
  /** When the text has a character refused in any text (`NO_CONTROL_CHARACTERS`). */
  invalid: string;
  /** True for text the form edits in a text area (notes): tabs and line breaks are kept. */
  isMultiLine?: boolean;
}

/**
 * The check of a field's characters: one pattern either way, so the OpenAPI document states it
 * whole. A one-line field whose only fault is a tab or a line break says so; any other refused
 * character gets the field's own `invalid` message.
 */
function withCharacterRule(text: z.ZodString, invalid: string, isMultiLine: boolean) {
  if (isMultiLine) return text.regex(NO_CONTROL_CHARACTERS, { error: invalid });
  return text.regex(ONE_LINE_TEXT, {
    error: ({ input }) =>
      typeof input === 'string' && NO_CONTROL_CHARACTERS.test(input)
        ? TEXT_FIELD_MESSAGES.oneLine
        : invalid,
  });
}

/**
 * Required text, trimmed: not blank, at most `max` characters, then matching `pattern` (by
 * default: no control characters, and on one line unless `isMultiLine`).
 */
export function requiredTrimmedText({
  max,
  required,
  tooLong,
  invalid,
  isMultiLine = false,
  pattern,
}: TextFieldRule & { required: string; pattern?: RegExp }) {
  const text = z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true });
  return pattern
    ? text.regex(pattern, { error: invalid })
    : withCharacterRule(text, invalid, isMultiLine);
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

/** Optional text, trimmed, absent = ''; on one line unless `isMultiLine`. */
export function optionalTrimmedText({ max, tooLong, invalid, isMultiLine = false }: TextFieldRule) {
  const text = z.string({ error: tooLong }).trim().max(max, { error: tooLong, abort: true });
  return withCharacterRule(text, invalid, isMultiLine).default('');
}

/**
 * An entity's optional text fields, which share one message for a refused character: trimmed,
 * absent = '', on one line unless `isMultiLine`; the length check aborts before the patterns.
 */
export const optionalTextOf =
  (invalid: string) =>
  (max: number, tooLong: string, { isMultiLine = false }: { isMultiLine?: boolean } = {}) =>
    optionalTrimmedText({ max, tooLong, invalid, isMultiLine });

export { TEXT_FIELD_MESSAGES };
