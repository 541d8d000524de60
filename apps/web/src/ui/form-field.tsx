import type { ReactNode } from 'react';
import styles from './form-field.module.css';

/** What the control inside a field needs to be tied to its hint and its message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The id of a field's message, for controls that point at it from elsewhere (radio groups). */
export const messageIdOf = (id: string) => `${id}-error`;

/**
 * The invalid state and `aria-describedby` of a control: the texts that describe it, in reading
 * order (a hint, then the message when there is one). For controls that are not the single
 * control of a `FormField` (radio groups, a check box and its warning).
 */
export function describedControl({
  describedBy = [],
  messageOf,
  error,
}: {
  describedBy?: (string | undefined)[];
  /** The field whose message (`messageIdOf`) describes the control while there is an error. */
  messageOf?: string;
  error?: string;
}): Omit<FieldControlProps, 'id'> {
  const ids = [...describedBy, error && messageOf ? messageIdOf(messageOf) : undefined];
  const joined = ids.filter(Boolean).join(' ');
  return {
    ...(error && { 'aria-invalid': true as const }),
    ...(joined && { 'aria-describedby': joined }),
  };
}

/** A field's message, under its control; nothing when there is none. */
export function FieldMessage({
  id,
  error,
  className,
}: {
  id: string;
  error?: string;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p id={messageIdOf(id)} className={[styles.error, className].filter(Boolean).join(' ')}>
      {error}
    </p>
  );
}

/**
 * One form field for every form: the label, a standing hint read before the control (so
 * "10 digits" is known up front, not only once it is wrong), the control, and its message,
 * all tied together by `aria-describedby`. The message is not an alert: after a submit the
 * form's one error summary is what gets announced, then each field as the reader reaches it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({
        id,
        ...describedControl({ describedBy: [hint ? hintId : undefined], messageOf: id, error }),
      })}
      <FieldMessage id={id} error={error} />
    </div>
  );
}
