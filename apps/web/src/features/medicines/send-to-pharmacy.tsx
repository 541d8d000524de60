import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { useSendToPharmacyMutation } from './medicines-api.ts';
import type { TMyMedicine } from './medicines-types.ts';
import { refusalKeyOf } from './refusal-key.ts';
import styles from './medicines.module.css';

/** A pharmacy as a picker offers it. */
export interface PickedPharmacy {
  _id: string;
  name: string;
}

/**
 * The directory's pharmacy search, given by app/ (features stay apart): it lists pharmacies and
 * calls `onChoose` with the one chosen.
 */
export type PharmacyPickerSlot = (props: {
  chooseLabel: (pharmacy: PickedPharmacy) => string;
  onChoose: (pharmacy: PickedPharmacy) => void;
  isBusy: boolean;
}) => ReactNode;

/**
 * 'Send to a pharmacy', open in place under the prescription: focus on its heading, the
 * directory's pharmacies by city and name, each with 'Send to …'. The outcome is told by the
 * prescription's card (`onSent`, `onFailed`), since this closes once it is sent.
 */
export function SendToPharmacy({
  patientId,
  medicine,
  pharmacyPicker,
  onSent,
  onFailed,
  onCancel,
}: {
  patientId: string;
  medicine: TMyMedicine;
  pharmacyPicker: PharmacyPickerSlot;
  onSent: (pharmacy: PickedPharmacy) => void;
  onFailed: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [send, state] = useSendToPharmacyMutation();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function choose(pharmacy: PickedPharmacy) {
    try {
      await send({
        viewer,
        patientId,
        prescriptionId: medicine._id,
        facilityId: pharmacy._id,
      }).unwrap();
      onSent(pharmacy);
    } catch (error) {
      onFailed(t(refusalKeyOf(apiErrorOf(error)?.code)));
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h4 id={id} ref={headingRef} tabIndex={-1}>
        {t('send.title')}
      </h4>
      {pharmacyPicker({
        chooseLabel: (pharmacy) => t('send.choose', { pharmacy: pharmacy.name }),
        onChoose: (pharmacy) => void choose(pharmacy),
        isBusy: state.isLoading,
      })}
      <div>
        <Button variant="secondary" onClick={onCancel}>
          {t('send.cancel')}
        </Button>
      </div>
    </section>
  );
}
