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

/** One option of a `SelectField`. */
interface SelectOption {
  value: string;
  label: string;
}

/**
 * A control in its `FormField`: the control's own attributes first, then the field's id,
 * invalid state and `aria-describedby`, then the registration (name, change and blur, ref).
 */
function controlField<Control extends object>(
  { id, label, hint, error, registration, ...own }: FieldOf & Control,
  draw: (attributes: Omit<Control, keyof FieldOf>) => ReactNode,
) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => draw({ ...own, ...control, ...registration })}
    </FormField>
  );
}

/** An `<input>` in its `FormField`. */
export function InputField(props: FieldOf & ComponentProps<'input'>) {
  return controlField(props, (attributes) => <input {...attributes} />);
}

/** A `<textarea>` in its `FormField`. */
export function TextAreaField(props: FieldOf & ComponentProps<'textarea'>) {
  return controlField(props, (attributes) => <textarea {...attributes} />);
}

/** A `<select>` of `options` in its `FormField`. */
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
  return controlField(props, (attributes) => (
    <select {...attributes}>
      {emptyChoice !== undefined && <option value="">{emptyChoice}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  ));
}
