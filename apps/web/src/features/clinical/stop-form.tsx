import { useTranslation } from '../../i18n/use-translation.ts';
import {
  ZPrescriptionStop,
  type TPrescription,
  type TPrescriptionStop,
} from '@portal/shared/prescription';
import { ClinicalForm } from './clinical-form.tsx';
import { TextField } from './clinical-fields.tsx';
import { useStopPrescriptionMutation } from './clinical-api.ts';
import { useClinicalForm } from './use-clinical-form.ts';

/** Stops a prescription, with the reason the record keeps. */
export function StopForm({
  prescription,
  onDone,
}: {
  prescription: TPrescription;
  onDone: (stopped?: TPrescription) => void;
}) {
  const { t } = useTranslation('clinical');
  const [stop] = useStopPrescriptionMutation();
  const { field, frame } = useClinicalForm<TPrescriptionStop, TPrescriptionStop>({
    schema: ZPrescriptionStop,
    defaultValues: { reason: '' },
    save: async ({ reason }) => onDone(await stop({ prescription, reason }).unwrap()),
  });
  return (
    <ClinicalForm
      {...frame}
      label={t('medications.stopTitle', { medication: prescription.medication })}
      saveLabel={t('medications.stop')}
      onCancel={() => onDone()}
    >
      <TextField {...field('reason')} label={t('medications.stopReason')} isRequired />
    </ClinicalForm>
  );
}
