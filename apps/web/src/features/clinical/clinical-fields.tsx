import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../ui/form-field.tsx';

/** The form controls of this feature, each one `FormField` (label, message, described-by). */

export function TextField({
  id,
  label,
  error,
  registration,
  isRequired = false,
  type = 'text',
  list,
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  isRequired?: boolean;
  type?: 'text' | 'date';
  /** The id of a `<datalist>` of suggestions. */
  list?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input
          type={type}
          autoComplete="off"
          {...(isRequired && { 'aria-required': true })}
          list={list}
          {...control}
          {...registration}
        />
      )}
    </FormField>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => <textarea rows={3} {...control} {...registration} />}
    </FormField>
  );
}

export function SelectField({
  id,
  label,
  error,
  registration,
  options,
  placeholder,
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice: nothing is chosen until the reader chooses. */
  placeholder?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <select {...(placeholder && { 'aria-required': true })} {...control} {...registration}>
          {placeholder && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
