import type { TFunction } from '../../i18n/translator.ts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorOf } from '../api/api-error-of.ts';
import { messageCodeOf, type TMessageCode } from '@portal/shared/messages';
import { itemErrorCodes } from '@portal/shared/patient-kind';
import { PATIENT_KINDS } from '@portal/shared/patient-kinds';

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
 * appointment form's in `appointments`, the schedule settings' in `profile`, the Practice
 * section's in `practice`, the directory's (listing, facilities, review) in `listing`, the visit form's
 * in `visits`, and each patient-owned kind's in the namespace its declaration names.
 */
const NAMESPACE_OF_GROUP: Partial<Record<string, string>> = {
  appointment: 'appointments',
  schedule: 'profile',
  practice: 'practice',
  directory: 'listing',
  visit: 'visits',
  clinicalText: 'clinical',
  rrule: 'carePlans',
  ...Object.fromEntries(PATIENT_KINDS.map(({ kind, namespace }) => [kind, namespace])),
};

/**
 * Whether a patient-owned kind's namespace holds no other group's texts: such a namespace is the
 * kind's own, so its keys leave the kind's name out (`fieldMessages.<key>`, `errors.notFound`);
 * where groups share one (two kinds in `clinical`), the name tells them
 * apart, as it does for every other group.
 */
function ownsNamespace(group: string): boolean {
  if (!PATIENT_KINDS.some(({ kind }) => kind === group)) return false;
  const namespace = NAMESPACE_OF_GROUP[group];
  return Object.entries(NAMESPACE_OF_GROUP).every(
    ([other, its]) => other === group || its !== namespace,
  );
}

/** Where the text of a message code lives: `<namespace>:fieldMessages.<code>`. */
export function fieldMessageKey(code: TMessageCode): string {
  const [group, key] = code.split('.') as [string, string];
  const namespace = NAMESPACE_OF_GROUP[group] ?? 'common';
  return `${namespace}:fieldMessages.${ownsNamespace(group) ? key : code}`;
}

/**
 * Where a patient-owned kind's refusal of an item is explained, for its two codes (missing, 409
 * changed): in the kind's namespace, `errors.notFound` and `errors.changed`, or by the code in a
 * namespace it shares (`clinical:errors.PRESCRIPTION_CHANGED`). Undefined for any other code.
 */
export function kindErrorKey(code: string): string | undefined {
  for (const { kind, errorPrefix, namespace } of PATIENT_KINDS) {
    const { missing, changed } = itemErrorCodes(errorPrefix);
    if (code !== missing && code !== changed) continue;
    if (!ownsNamespace(kind)) return `${namespace}:errors.${code}`;
    return `${namespace}:errors.${code === missing ? 'notFound' : 'changed'}`;
  }
  return undefined;
}

export { apiErrorOf };

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
