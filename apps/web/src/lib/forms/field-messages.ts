import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TApiError } from '@portal/shared/errors';
import { messageCodeOf, type TMessageCode } from '@portal/shared/messages';

/**
 * A validation message (from the shared schema in the browser, or from the API's
 * `fieldErrors`, which run the same schema) in the reader's language, looked up by its code.
 * A text the table does not know is never shown as sent: it may be English or another
 * server's wording, so the reader gets "Please check this field." in their language.
 */
export function fieldMessageText(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const code = messageCodeOf(message);
  return t(code ? fieldMessageKey(code) : 'common:fieldMessages.invalid');
}

/**
 * Message groups whose texts load with the only screens that show them rather than with every
 * page (`common`), so the home page's JavaScript does not grow with appointments: the
 * appointment form's in `appointments`, the schedule settings' in `profile`, the visit form's
 * in `visits`.
 */
const NAMESPACE_OF_GROUP: Partial<Record<string, string>> = {
  appointment: 'appointments',
  schedule: 'profile',
  visit: 'visits',
  allergy: 'clinical',
  prescription: 'clinical',
  clinicalText: 'clinical',
  carePlan: 'carePlans',
  rrule: 'carePlans',
};

/** Where the text of a message code lives: `<namespace>:fieldMessages.<code>`. */
export function fieldMessageKey(code: TMessageCode): string {
  const namespace = NAMESPACE_OF_GROUP[code.split('.')[0]!] ?? 'common';
  return `${namespace}:fieldMessages.${code}`;
}

/** The API's error body `{ message, code, fieldErrors? }` of a failed RTK Query call, if any. */
export function apiErrorOf(error: unknown): TApiError | undefined {
  const data = (error as FetchBaseQueryError | undefined)?.data;
  return data && typeof data === 'object' && 'code' in data ? (data as TApiError) : undefined;
}

/**
 * Puts the API's `fieldErrors` on the form's own fields (others, such as `_`, are left to the
 * form's general message) and answers how many it placed. `fields` lists them, or tells them
 * apart when the form has arrays (`goals.0.text`).
 */
export function applyServerFieldErrors<Values extends FieldValues>({
  error,
  fields,
  setError,
}: {
  error: unknown;
  fields: readonly Path<Values>[] | ((field: string) => boolean);
  setError: UseFormSetError<Values>;
}): number {
  const isField =
    typeof fields === 'function'
      ? fields
      : (field: string) => (fields as readonly string[]).includes(field);
  const entries = Object.entries(apiErrorOf(error)?.fieldErrors ?? {}).filter(
    ([field, message]) => isField(field) && typeof message === 'string',
  );
  for (const [field, message] of entries) {
    setError(field as Path<Values>, { type: 'server', message });
  }
  return entries.length;
}
