import type { TFunction } from '../../i18n/translator.ts';
import type { z } from 'zod';
import { apiErrorOf, fieldMessageText } from './field-messages.ts';

/**
 * For forms that keep their own field errors (controlled inputs checked with the shared schema
 * on submit, not react-hook-form): `fieldOf` names the field a schema path is shown on, or
 * undefined for a path that is not one of the form's.
 */
type FieldOf<Field extends string> = (path: string) => Field | undefined;

/** Each field's first message of `messages` (path, message), in the reader's language. */
function messagesByField<Field extends string>(
  t: TFunction,
  messages: [path: string, message: string][],
  fieldOf: FieldOf<Field>,
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const [path, message] of messages) {
    const field = fieldOf(path);
    // The first message a field gets stands (two paths of one field: the first, in API order).
    if (field) found[field] ??= fieldMessageText(t, message);
  }
  return found;
}

/** What the shared schema found wrong, by field (by the first step of each issue's path). */
export function schemaErrorsByField<Field extends string>(
  t: TFunction,
  error: z.ZodError,
  fieldOf: FieldOf<Field>,
): Partial<Record<Field, string>> {
  const messages = error.issues.map((issue): [string, string] => [
    String(issue.path[0]),
    issue.message,
  ]);
  return messagesByField(t, messages, fieldOf);
}

/** The API's `fieldErrors` of a failed call, by field; none when it sent none. */
export function apiErrorsByField<Field extends string>(
  t: TFunction,
  error: unknown,
  fieldOf: FieldOf<Field>,
): Partial<Record<Field, string>> {
  return messagesByField(t, Object.entries(apiErrorOf(error)?.fieldErrors ?? {}), fieldOf);
}

/**
 * The error summary's lines (`ui/error-summary.tsx`): each field that has a message, in the
 * form's order, as "label: message", linked to the field's control.
 */
export function summaryItemsOf<Field extends string>({
  fields,
  errors,
  fieldId,
  labelOf,
}: {
  fields: readonly Field[];
  errors: Partial<Record<Field, string>>;
  fieldId: (field: Field) => string;
  labelOf: (field: Field) => string;
}) {
  return fields
    .filter((field) => errors[field])
    .map((field) => ({ fieldId: fieldId(field), text: `${labelOf(field)}: ${errors[field]}` }));
}
