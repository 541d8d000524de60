import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './my-health.module.css';

/** The web address of the practitioner's preview of a patient's My health. */
export const patientViewPath = (patientId: string) =>
  `/records/patients/${encodeURIComponent(patientId)}/patient-view`;

/** In a patient's chart, beside the access section: the way to the preview. */
export function PatientViewLink({ patientId }: { patientId: string }) {
  const { t } = useTranslation('access');
  return (
    <p className={styles.previewLink}>
      <Link to={patientViewPath(patientId)}>{t('preview')}</Link>
    </p>
  );
}
