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
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldPaths } from '@portal/shared/schema-fields';
import {
  apiErrorOf,
  applyServerFieldErrors,
  fieldMessageText,
} from '../../lib/forms/field-messages.ts';

/** Error codes this feature explains in its own words; any other is 'could not be saved'. */
const KNOWN_CODES = [
  'ALLERGY_CHANGED',
  'PRESCRIPTION_CHANGED',
  'PRESCRIPTION_STOPPED',
  'PATIENT_NOT_FOUND',
  'ALLERGY_NOT_FOUND',
  'PRESCRIPTION_NOT_FOUND',
] as const;

/** The text of a failed call, by its code, in the reader's language. */
export function failureText(t: (key: string) => string, error: unknown): string {
  const code = apiErrorOf(error)?.code;
  return t(
    code && (KNOWN_CODES as readonly string[]).includes(code)
      ? `errors.${code}`
      : 'errors.saveFailed',
  );
}

/**
 * One form of this feature over a shared schema: the schema validates in the browser, the
 * API's `fieldErrors` land on the same fields, the first field with a problem takes focus, and
 * any other refusal is a message by its code. `save` may answer a refusal it handles itself
 * (the allergy warning) by returning false.
 */
export function useClinicalForm<Values extends FieldValues, Data>({
  schema,
  defaultValues,
  save,
}: {
  schema: z.ZodObject | z.ZodType;
  defaultValues: DefaultValues<Values>;
  save: (data: Data) => Promise<void>;
}) {
  const { t } = useTranslation('clinical');
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const shape = 'shape' in schema ? (schema as z.ZodObject) : undefined;
  const fields = (shape ? fieldPaths(shape) : []).map((path) =>
    path.join('.'),
  ) as FieldPath<Values>[];
  const form = useForm<Values, unknown, Data>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(schema as never) as unknown as Resolver<Values, unknown, Data>,
    shouldFocusError: true,
    defaultValues,
  });

  const submit = form.handleSubmit(async (data) => {
    setFailure(null);
    try {
      await save(data);
    } catch (error) {
      const placed = applyServerFieldErrors({ error, fields, setError: form.setError });
      if (placed > 0) {
        const first = fields.find((name) => form.getFieldState(name).error);
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
