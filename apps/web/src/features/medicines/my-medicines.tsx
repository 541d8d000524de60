import { useId } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';
import {
  useGetMedicineLinksQuery,
  useGetMyMedicinesQuery,
  useGetMyRefillRequestsQuery,
  type TMedicineLink,
} from './medicines-api.ts';
import { MedicineCard } from './medicine-card.tsx';
import type { PharmacyPickerSlot } from './send-to-pharmacy.tsx';
import styles from './medicines.module.css';

/** The signed-in person's linked records, each with its active and completed prescriptions. */
export function MyMedicines({ pharmacyPicker }: { pharmacyPicker: PharmacyPickerSlot }) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const links = useGetMedicineLinksQuery({ viewer });
  if (links.isError && !links.isFetching)
    return (
      <div className={alert.dangerWithAction} role="alert">
        <p>{t('buy.failed')}</p>
        <Button variant="secondary" onClick={() => void links.refetch()}>
          {t('verify.retry')}
        </Button>
      </div>
    );
  if (!links.currentData) return <p role="status">{t('buy.loading')}</p>;
  if (links.currentData.length === 0) return <p className={styles.muted}>{t('buy.noLinks')}</p>;
  return links.currentData.map((link) => (
    <RecordMedicines key={link._id} link={link} pharmacyPicker={pharmacyPicker} />
  ));
}

function RecordMedicines({
  link,
  pharmacyPicker,
}: {
  link: TMedicineLink;
  pharmacyPicker: PharmacyPickerSlot;
}) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const args = { viewer, patientId: link.patientId };
  const medicines = useGetMyMedicinesQuery(args);
  const refills = useGetMyRefillRequestsQuery(args);
  const id = useId();
  // Active ones first, then completed ones, which may still be refilled; stopped ones are not.
  const current = medicines.currentData && [
    ...medicines.currentData.filter((medicine) => medicine.status === 'active'),
    ...medicines.currentData.filter((medicine) => medicine.status === 'completed'),
  ];
  let body;
  if (medicines.isError && !medicines.isFetching)
    body = (
      <div className={alert.dangerWithAction} role="alert">
        <p>{t('buy.failed')}</p>
        <Button variant="secondary" onClick={() => void medicines.refetch()}>
          {t('verify.retry')}
        </Button>
      </div>
    );
  else if (!current) body = <p role="status">{t('buy.loading')}</p>;
  else if (current.length === 0) body = <p className={styles.muted}>{t('buy.none')}</p>;
  else
    body = (
      <ul className={styles.list}>
        {current.map((medicine) => (
          <li key={medicine._id}>
            <MedicineCard
              patientId={link.patientId}
              practitioner={link.practitioner.name}
              medicine={medicine}
              refills={(refills.currentData ?? []).filter(
                (request) => request.prescriptionId === medicine._id,
              )}
              pharmacyPicker={pharmacyPicker}
            />
          </li>
        ))}
      </ul>
    );
  return (
    <section className={styles.page} aria-labelledby={id}>
      <h2 id={id}>{t('buy.record', { name: link.patientName })}</h2>
      {body}
    </section>
  );
}
