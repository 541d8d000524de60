import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

/**
 * What a field of one control takes besides the control's own attributes: the `FormField`'s
 * id, label, hint and message, and in a react-hook-form form the control's registration.
 */
interface FieldOf {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  registration?: UseFormRegisterReturn;
}

/** One option of a `SelectField`; `dir` for codes that read left to right in any language. */
export interface SelectOption {
  value: string;
  label: string;
  dir?: 'ltr';
}

/** A field's props apart from its control's own attributes, which stay in the order given. */
function fieldAndControl<Control>({
  id,
  label,
  hint,
  error,
  registration,
  ...control
}: FieldOf & Control) {
  return { field: { id, label, hint, error }, registration, control };
}

/**
 * An `<input>` in its `FormField`. Its own attributes come first, then the field's id, invalid
 * state and `aria-describedby`, then the registration (name, change and blur, ref).
 */
export function InputField(props: FieldOf & ComponentProps<'input'>) {
  const { field, registration, control: input } = fieldAndControl(props);
  return (
    <FormField {...field}>
      {(control) => <input {...input} {...control} {...registration} />}
    </FormField>
  );
}

/** A `<textarea>` in its `FormField`, tied together as `InputField` ties an input. */
export function TextAreaField(props: FieldOf & ComponentProps<'textarea'>) {
  const { field, registration, control: textarea } = fieldAndControl(props);
  return (
    <FormField {...field}>
      {(control) => <textarea {...textarea} {...control} {...registration} />}
    </FormField>
  );
}

/** A `<select>` of `options` in its `FormField`, tied together as `InputField` ties an input. */
export function SelectField({
  emptyChoice,
  options,
  ...props
}: FieldOf &
  ComponentProps<'select'> & {
    /**
     * The first choice, whose value is empty: what to choose while nothing is chosen, or the
     * choice of none.
     */
    emptyChoice?: string;
    options: readonly SelectOption[];
  }) {
  const { field, registration, control: select } = fieldAndControl(props);
  return (
    <FormField {...field}>
      {(control) => (
        <select {...select} {...control} {...registration}>
          {emptyChoice !== undefined && <option value="">{emptyChoice}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} dir={option.dir}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
