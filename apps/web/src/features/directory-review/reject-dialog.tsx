import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ZRejectInput } from '@portal/shared/directory-review';
import { useTranslation } from '../../i18n/use-translation.ts';
import { fieldMessageText } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import styles from './directory-review.module.css';

const FOCUSABLE = 'button:not([disabled]), textarea, input, select, a[href]';

/**
 * Asks for the reason of a rejection, which the owner will read: a modal dialog that takes focus
 * (the reason box), keeps Tab inside and closes on Escape or Cancel; the caller gives focus back
 * to the button that opened it, or after a rejection to the list.
 */
export function RejectDialog({
  name,
  isBusy,
  onReject,
  onCancel,
}: {
  name: string;
  isBusy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('directoryReview');
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => reasonRef.current?.focus(), []);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const parsed = ZRejectInput.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      reasonRef.current?.focus();
      return;
    }
    onReject(parsed.data.reason);
  }

  return (
    <>
      <div className={styles.backdrop} aria-hidden="true" onClick={onCancel} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className={styles.dialog}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className={styles.dialogTitle}>
          {t('reject.title', { name })}
        </h2>
        <form noValidate onSubmit={submit} className={styles.dialogForm}>
          <FormField
            id={`${id}-reason`}
            label={t('reject.reason')}
            hint={t('reject.hint')}
            error={error && fieldMessageText(t, error)}
          >
            {(props) => (
              <textarea
                ref={reasonRef}
                rows={4}
                dir="auto"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                {...props}
              />
            )}
          </FormField>
          <div className={styles.actions}>
            <Button type="submit" variant="danger" aria-disabled={isBusy || undefined}>
              {isBusy ? t('reject.rejecting') : t('reject.confirm')}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              {t('reject.cancel')}
            </Button>
          </div>
        </form>
      </div>
    </>
  );
}
