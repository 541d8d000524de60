import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '../../ui/control-fields.tsx';

/**
 * A text (or date) box of this feature: clinical words, so no browser suggestions. The other
 * controls are `ui/control-fields.tsx`'s as they are.
 */
export function TextField({
  isRequired = false,
  type = 'text',
  ...field
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
    <InputField
      type={type}
      autoComplete="off"
      {...(isRequired && { 'aria-required': true })}
      {...field}
    />
  );
}
