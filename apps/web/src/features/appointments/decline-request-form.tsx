import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ZAppointmentDeclineInput, type TAppointment } from '@portal/shared/appointment';
import { fieldMessageText } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import styles from './appointments.module.css';

/**
 * Declines a request from online booking, with an optional message the patient reads in My
 * health (another time to book, say). It opens in place of the buttons, with focus in the
 * message; Keep it closes it without a change.
 */
export function DeclineRequestForm({
  appointment,
  when,
  isBusy,
  onDecline,
  onKeep,
}: {
  appointment: TAppointment;
  when: string;
  isBusy: boolean;
  onDecline: (message: string) => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const messageRef = useFocusOnMount<HTMLTextAreaElement>();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const parsed = ZAppointmentDeclineInput.safeParse({ message });
    if (!parsed.success) {
      setError(fieldMessageText(t, parsed.error.issues[0]?.message));
      messageRef.current?.focus();
      return;
    }
    onDecline(parsed.data.message ?? '');
  }

  return (
    <form className={styles.warning} aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <p id={`${id}-title`}>
        {t('requests.declineQuestion', { patient: appointment.patientName, time: when })}
      </p>
      <FormField
        id={`${id}-message`}
        label={t('requests.message')}
        hint={t('requests.messageHint')}
        error={error}
      >
        {(props) => (
          <textarea
            ref={messageRef}
            rows={3}
            dir="auto"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            {...props}
          />
        )}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" variant="danger" aria-disabled={isBusy || undefined}>
          {t('requests.declineConfirm')}
        </Button>
        <Button variant="secondary" onClick={onKeep}>
          {t('cancel.keep')}
        </Button>
      </div>
    </form>
  );
}
