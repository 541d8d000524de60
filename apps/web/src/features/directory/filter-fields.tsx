import { useId } from 'react';
import { DIRECTORY_LIMITS } from '@portal/shared/directory';
import field from '../../ui/form-field.module.css';

/**
 * The fields of the directory's search forms (doctors, places): uncontrolled, named as their
 * query parameter and filled from the address, so Back and Forward repeat a search.
 */
export function TextFilter({
  name,
  label,
  value,
  type = 'text',
  autoComplete = 'off',
}: {
  name: string;
  label: string;
  value: string | undefined;
  type?: 'text' | 'search';
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className={field.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value ?? ''}
        maxLength={DIRECTORY_LIMITS.queryMax}
        autoComplete={autoComplete}
      />
    </div>
  );
}

/** A choice among `options`, the first being "any" (the filter left out). */
export function SelectFilter({
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={field.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ''}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
