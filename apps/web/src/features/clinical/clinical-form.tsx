import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { submitUnlessBusy } from '../../lib/forms/submit-unless-busy.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import styles from './clinical.module.css';

/**
 * The frame every form of this feature shares: its heading, which names it and takes focus as
 * it opens (the button that opened it is gone, and focus would fall to the page), the refusal as
 * an alert, the fields, then save (busy while it saves, not a second submit) and cancel.
 */
export function ClinicalForm({
  label,
  isSubmitting,
  submit,
  failure,
  saveLabel,
  onCancel,
  children,
}: {
  label: string;
  isSubmitting: boolean;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  failure: string | null;
  saveLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('clinical');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={headingId}
      onSubmit={submitUnlessBusy(isSubmitting, submit)}
    >
      <h6 id={headingId} ref={headingRef} tabIndex={-1} className={styles.formTitle}>
        {label}
      </h6>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {children}
      <FormActions
        className={styles.actions}
        isBusy={isSubmitting}
        label={saveLabel}
        busyLabel={t('saving')}
        cancelLabel={t('cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}
