import {
  CORRECTION_ANSWER_MAX,
  CORRECTION_MESSAGES,
  CORRECTION_TEXT_MAX,
} from '@portal/shared/correction';
import type { TFunction } from '../../i18n/translator.ts';
import i18n from '../../i18n/i18n.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';

/** A length in the reader's digits, ungrouped as the shared messages write it ("2000"). */
export const plainNumber = (value: number) =>
  numberFormat(i18n.language, { useGrouping: false }).format(value);

const KEY_OF_MESSAGE = new Map<string, string>(
  Object.entries(CORRECTION_MESSAGES).map(([key, message]) => [message, key]),
);

/**
 * A correction's validation message (the shared schema's, in the browser or in the API's
 * `fieldErrors`) in the reader's language. Any other text is not shown as sent: it may be
 * English, so the reader gets "Please check this field." in their language.
 */
export function correctionMessageText(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const key = KEY_OF_MESSAGE.get(message);
  if (!key) return t('common:fieldMessages.invalid');
  const max = key === 'textTooLong' ? CORRECTION_TEXT_MAX : CORRECTION_ANSWER_MAX;
  return t(`myHealth:corrections.fieldMessages.${key}`, { max: plainNumber(max) });
}

/**
 * The API's `fieldErrors` of a refused request, one message per field of the form: a nested
 * path (`about.kind`) counts for its field (`about`).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  const fieldErrors = apiErrorOf(error)?.fieldErrors;
  if (!fieldErrors) return undefined;
  const byField: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors))
    byField[path.split('.')[0]!] ??= message;
  return byField;
}
