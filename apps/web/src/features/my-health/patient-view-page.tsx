import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { chartPath } from '../../lib/routes/chart-address.ts';
import column from '../../ui/page-column.module.css';
import { useGetMyRecordQuery } from './my-health-api.ts';
import { NAME_SLOT, NamedSentence } from './named-sentence.tsx';
import { RecordSections } from './record-sections.tsx';
import { RecordSourceProvider } from './record-source.tsx';
import styles from './my-health.module.css';

/**
 * `/records/patients/:id/patient-view`: the practitioner's own patient as the patient sees it in
 * My health, the same sections fed from the preview routes, with nothing to act on.
 */
export function PatientViewPage() {
  const { t } = useTranslation('myHealth');
  const { id = '' } = useParams();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const record = useGetMyRecordQuery({ viewer, patientId: id, source: 'preview' });
  const name = record.currentData?.patient.name;

  return (
    <div className={column.column}>
      <div className={styles.page}>
        <h1 tabIndex={-1}>{t('preview.title')}</h1>
        <div className={styles.banner} role="note">
          <p>
            {name ? (
              <NamedSentence text={t('preview.banner', { name: NAME_SLOT })} name={name} />
            ) : (
              t('preview.bannerLoading')
            )}
          </p>
          <Link to={chartPath(id)}>{t('preview.back')}</Link>
        </div>
        <RecordSourceProvider value="preview">
          <RecordSections patientId={id} />
        </RecordSourceProvider>
      </div>
    </div>
  );
}
