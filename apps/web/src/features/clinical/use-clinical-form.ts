import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { z } from 'zod';
import { fieldPaths } from '@portal/shared/schema-fields';
import {
  apiErrorOf,
  applyServerFieldErrors,
  fieldMessageText,
  kindErrorKey,
} from '../../lib/forms/field-messages.ts';

/** Codes of no one kind that this feature explains in its own words. */
const OWN_CODES: readonly string[] = [
  'PRESCRIPTION_STOPPED',
  'PRESCRIPTION_DISPENSED_LOCKED',
  'PRESCRIPTION_NOT_ACTIVE',
  'PHARMACY_NOT_FOUND',
  'PATIENT_NOT_FOUND',
];

/**
 * The text of a failed call, by its code, in the reader's language: a patient-owned kind's
 * missing or changed item in the kind's own words (`kindErrorKey`), any other refusal 'could not
 * be saved'.
 */
export function failureText(t: (key: string | string[]) => string, error: unknown): string {
  const code = apiErrorOf(error)?.code;
  const key = code && (kindErrorKey(code) ?? (OWN_CODES.includes(code) && `errors.${code}`));
  return t(key ? [key, 'errors.saveFailed'] : 'errors.saveFailed');
}

/**
 * One form of this feature over a shared schema: the schema validates in the browser, the
 * API's `fieldErrors` land on the same fields, the first field with a problem takes focus, and
 * any other refusal is a message by its code. `save` may answer a refusal it handles itself
 * (a warning the form asks about) by returning false.
 */
export function useClinicalForm<Values extends FieldValues, Data>({
  schema,
  defaultValues,
  save,
  prepare,
  fieldOf,
}: {
  schema: z.ZodObject | z.ZodType;
  defaultValues: DefaultValues<Values>;
  save: (data: Data) => Promise<void>;
  /** The values as the schema's input, where the controls hold them otherwise (a select's '' for none). */
  prepare?: (values: Values) => unknown;
  /** The field that shows a message about the schema's field `name`: one control may stand for two. */
  fieldOf?: (name: string, values: Values) => FieldPath<Values>;
}) {
  const { t } = useTranslation('clinical');
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const shape = 'shape' in schema ? (schema as z.ZodObject) : undefined;
  const fields = (shape ? fieldPaths(shape) : []).map((path) =>
    path.join('.'),
  ) as FieldPath<Values>[];
  const place = (name: string, values: Values) =>
    fieldOf ? fieldOf(name, values) : (name as FieldPath<Values>);
  const check = zodResolver(
    (prepare ? z.preprocess(prepare, schema) : schema) as never,
  ) as unknown as Resolver<Values, unknown, Data>;
  const resolver: Resolver<Values, unknown, Data> = async (values, context, options) => {
    const result = await check(values, context, options);
    if (!fieldOf) return result;
    const errors: Record<string, unknown> = {};
    for (const [name, error] of Object.entries(result.errors))
      errors[place(name, values)] ??= error;
    return { ...result, errors } as typeof result;
  };
  const form = useForm<Values, unknown, Data>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver,
    shouldFocusError: true,
    defaultValues,
  });

  const submit = form.handleSubmit(async (data) => {
    setFailure(null);
    try {
      await save(data);
    } catch (error) {
      const values = form.getValues();
      const placed = applyServerFieldErrors({
        error,
        fields,
        setError: (name, message) => form.setError(place(name, values), message),
      });
      if (placed > 0) {
        const first = fields
          .map((name) => place(name, values))
          .find((name) => form.getFieldState(name).error);
        if (first) form.setFocus(first);
      } else setFailure(failureText(t, error));
    }
  });

  /** A field's message in the reader's language. */
  const messageOf = (name: FieldPath<Values>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return message ? fieldMessageText(t, message) : undefined;
  };

  /** What a field control needs: its id, its message and its registration. */
  const field = (
    name: FieldPath<Values>,
    options?: RegisterOptions<Values, FieldPath<Values>>,
  ) => ({
    id: `${id}-${name}`,
    error: messageOf(name),
    registration: form.register(name, options),
  });

  /** The props of the form's frame (clinical-form.tsx). */
  const frame = {
    isSubmitting: form.formState.isSubmitting,
    submit,
    failure,
  };

  return { form, id, submit, failure, setFailure, messageOf, field, frame };
}
