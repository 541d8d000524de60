import type { ReactNode } from 'react';
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
  extras,
}: {
  patient: TPatient;
  focusRequest: number;
  onEdit: (patient: TPatient) => void;
  onDelete: (patient: TPatient) => void;
  onBack: () => void;
  /** More about the patient from other features, shown after the details. */
  extras?: (patient: TPatient) => ReactNode;
}) {
  const { t } = useTranslation('records');
  const headingRef = useFocusRequest<HTMLHeadingElement>(focusRequest);
  const { currentData } = useGetPatientQuery(fromList._id);
  const patient = currentData?.patient ?? fromList;

  // Codes, numbers and addresses are always left-to-right; free text takes its own direction.
  const rows: [string, string, 'ltr' | 'auto'][] = [
    [t('fields.name'), patient.name, 'auto'],
    [t('fields.diagnosedWith'), patient.diagnosedWith, 'auto'],
    [t('fields.address'), patient.address, 'auto'],
    [t('fields.age'), formatNumber(patient.age), 'auto'],
    [t('fields.bloodGroup'), patient.bloodGroup, 'ltr'],
    [t('fields.gender'), genderLabel(t, patient.gender), 'auto'],
    [t('fields.email'), patient.email || t('details.none'), patient.email ? 'ltr' : 'auto'],
    [t('fields.phone'), patient.phone, 'ltr'],
    [t('fields.emergencyPhone'), patient.emergencyContact.phone, 'ltr'],
    [
      t('fields.hasChronicDiseases'),
      patient.hasChronicDiseases ? t('details.yes') : t('details.no'),
      'auto',
    ],
  ];

  return (
    <section className={styles.view} aria-labelledby="patient-details-title">
      <h4 id="patient-details-title" ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        {t('details.title')}
      </h4>
      <dl className={styles.details}>
        {rows.map(([label, value, dir]) => (
          <div key={label} className={styles.detailRow}>
            <dt>{label}</dt>
            <dd>
              <bdi dir={dir}>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {extras?.(patient)}
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
