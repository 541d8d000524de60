import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ZPatientInput, type TPatient } from '@portal/shared/patient';
import { displayPhone } from '@portal/shared/phone';
import { fieldPaths, valueAt } from '@portal/shared/schema-fields';
import { useAppSelector } from '../../app/hooks.ts';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { fieldLabel, genderLabel } from './patient-text.ts';
import { useGetPatientQuery } from './patients-api.ts';
import { useFocusRequest } from './use-focus-request.ts';
import styles from './patients.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/** Every field of the shared schema, in its order: a new field shows up here by itself. */
const DETAIL_PATHS = fieldPaths(ZPatientInput);
/** Codes, phone numbers and e-mail addresses are left-to-right; free text takes its own direction. */
const LEFT_TO_RIGHT = new Set(['bloodGroup', 'email', 'phone', 'emergencyContact.phone']);
const PHONES = new Set(['phone', 'emergencyContact.phone']);

/** A calendar day (`YYYY-MM-DD`) in the reader's language, e.g. 9 July 1984. */
const formatDay = (day: string, language: string) =>
  dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

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
  const { t, i18n } = useTranslation('records');
  const region = useAppSelector((state) => state.auth.userData?.practice?.country ?? null);
  const headingRef = useFocusRequest<HTMLHeadingElement>(focusRequest);
  const { currentData } = useGetPatientQuery(fromList._id);
  const patient = currentData?.patient ?? fromList;

  const rows = DETAIL_PATHS.map((path) => {
    const name = path.join('.');
    const value = valueAt(patient, path);
    const isEmpty = value === '' || value === null || value === undefined;
    let text: string;
    if (name === 'gender')
      text = patient.gender === null ? t('details.none') : genderLabel(t, patient.gender);
    else if (PHONES.has(name) && !isEmpty) text = displayPhone(String(value), region);
    else if (name === 'dateOfBirth' && !isEmpty) text = formatDay(String(value), i18n.language);
    else if (typeof value === 'number') text = formatNumber(value);
    else if (typeof value === 'boolean') text = value ? t('details.yes') : t('details.no');
    else text = isEmpty ? t('details.none') : String(value);
    const dir = LEFT_TO_RIGHT.has(name) && !isEmpty ? 'ltr' : 'auto';
    return [fieldLabel(t, name), text, dir] as const;
  });

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
