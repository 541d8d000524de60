import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { useRequestRefillMutation } from './medicines-api.ts';
import { refusalKeyOf } from './refusal-key.ts';
import styles from './medicines.module.css';

/** The longest note a refill request takes. */
const NOTE_MAX = 500;

/**
 * 'Ask for a refill', open in place under the prescription (focus on its heading): an optional
 * note for the practitioner. The outcome is told by the card once this closes.
 */
export function RefillForm({
  patientId,
  prescriptionId,
  onSent,
  onFailed,
  onCancel,
}: {
  patientId: string;
  prescriptionId: string;
  onSent: () => void;
  onFailed: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [request, state] = useRequestRefillMutation();
  const [note, setNote] = useState('');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.isLoading) return;
    try {
      await request({ viewer, patientId, prescriptionId, note: note.trim() }).unwrap();
      onSent();
    } catch (error) {
      onFailed(t(refusalKeyOf(apiErrorOf(error)?.code)));
    }
  }

  return (
    <form
      className={styles.panel}
      aria-labelledby={id}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h4 id={id} ref={headingRef} tabIndex={-1}>
        {t('refill.title')}
      </h4>
      <div className={styles.field}>
        <label htmlFor={`${id}-note`}>{t('refill.note')}</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={state.isLoading}>
          {state.isLoading ? t('refill.sending') : t('refill.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('refill.cancel')}
        </Button>
      </div>
    </form>
  );
}
