import { z } from 'zod';
import type { TPatientPharmacy } from '@portal/shared/medicines';
import type { TPrescription } from '@portal/shared/prescription';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ClinicalForm } from './clinical-form.tsx';
import { useSendToPatientPharmacyMutation } from './clinical-api.ts';
import { useClinicalForm } from './use-clinical-form.ts';
import styles from './clinical.module.css';

const ZNothing = z.object({});

/**
 * Sends a prescription to the pharmacy the patient chose, after the practitioner has read which
 * one (its name and address) and that payment happens there.
 */
export function SendToPharmacyForm({
  prescription,
  pharmacy,
  onDone,
}: {
  prescription: TPrescription;
  pharmacy: NonNullable<TPatientPharmacy['pharmacy']>;
  onDone: (sent?: TPrescription) => void;
}) {
  const { t } = useTranslation('clinical');
  const [send] = useSendToPatientPharmacyMutation();
  const { frame } = useClinicalForm<Record<string, never>, Record<string, never>>({
    schema: ZNothing,
    defaultValues: {},
    save: async () => onDone(await send({ prescription, facilityId: pharmacy._id }).unwrap()),
  });
  return (
    <ClinicalForm
      {...frame}
      label={t('medications.sendTitle', {
        medication: prescription.medication,
        pharmacy: pharmacy.name,
      })}
      saveLabel={t('medications.send')}
      onCancel={() => onDone()}
    >
      <p>
        <bdi>{pharmacy.name}</bdi>, <bdi>{pharmacy.address}</bdi>, <bdi>{pharmacy.city}</bdi>
      </p>
      <p className={styles.muted}>{t('medications.sendHint')}</p>
    </ClinicalForm>
  );
}
