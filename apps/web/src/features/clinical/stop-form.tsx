import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZPrescriptionStop,
  type TPrescription,
  type TPrescriptionStop,
} from '@portal/shared/prescription';
import { Button } from '../../ui/button.tsx';
import { TextField } from './clinical-fields.tsx';
import { useStopPrescriptionMutation } from './clinical-api.ts';
import { useClinicalForm } from './use-clinical-form.ts';
import styles from './clinical.module.css';

/** Stops a prescription, with the reason the record keeps. */
export function StopForm({
  prescription,
  onDone,
}: {
  prescription: TPrescription;
  onDone: (stopped?: TPrescription) => void;
}) {
  const { t } = useTranslation('clinical');
  const id = useId();
  const [stop] = useStopPrescriptionMutation();
  const { form, submit, failure, messageOf } = useClinicalForm<
    TPrescriptionStop,
    TPrescriptionStop
  >({
    schema: ZPrescriptionStop,
    defaultValues: { reason: '' },
    save: async ({ reason }) => onDone(await stop({ prescription, reason }).unwrap()),
  });
  const { formState } = form;
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('medications.stopTitle', { medication: prescription.medication })}
      onSubmit={(event) => {
        if (formState.isSubmitting) event.preventDefault();
        else void submit(event);
      }}
    >
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <TextField
        id={`${id}-reason`}
        label={t('medications.stopReason')}
        isRequired
        error={messageOf('reason')}
        registration={form.register('reason')}
      />
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={formState.isSubmitting || undefined}>
          {formState.isSubmitting ? t('saving') : t('medications.stop')}
        </Button>
        <Button variant="secondary" onClick={() => onDone()}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
