import { useTranslation } from 'react-i18next';
import type { TPatient } from '@portal/shared/patient';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { genderLabel } from './patient-text.ts';
import { useGetPatientQuery } from './records-api.ts';
import { useFocusRequest } from './use-focus-request.ts';
import styles from './records.module.css';

/** The 'Patient Details' view: the row's data at once, then the server's current version. */
export function PatientDetails({
  patient: fromList,
  focusRequest,
  onEdit,
  onDelete,
  onBack,
}: {
  patient: TPatient;
  focusRequest: number;
  onEdit: (patient: TPatient) => void;
  onDelete: (patient: TPatient) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('records');
  const headingRef = useFocusRequest<HTMLHeadingElement>(focusRequest);
  const { currentData } = useGetPatientQuery(fromList._id);
  const patient = currentData?.patient ?? fromList;

  const rows: [string, string][] = [
    [t('fields.name'), patient.name],
    [t('fields.diagnosedWith'), patient.diagnosedWith],
    [t('fields.address'), patient.address],
    [t('fields.age'), formatNumber(patient.age)],
    [t('fields.bloodGroup'), patient.bloodGroup],
    [t('fields.gender'), genderLabel(t, patient.gender)],
    [t('fields.email'), patient.email || t('details.none')],
    [t('fields.phone'), patient.phone],
    [t('fields.emergencyPhone'), patient.emergencyContact.phone],
    [
      t('fields.hasChronicDiseases'),
      patient.hasChronicDiseases ? t('details.yes') : t('details.no'),
    ],
  ];

  return (
    <section className={styles.view} aria-labelledby="patient-details-title">
      <h4 id="patient-details-title" ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        {t('details.title')}
      </h4>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.detailRow}>
            <dt>{label}</dt>
            <dd dir="auto">{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <Button onClick={() => onEdit(patient)}>{t('list.edit')}</Button>
        <Button variant="danger" onClick={() => onDelete(patient)}>
          {t('list.delete')}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('details.back')}
        </Button>
      </div>
    </section>
  );
}
