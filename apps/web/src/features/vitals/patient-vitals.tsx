import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { PatientSection } from '../../ui/patient-section.tsx';
import { SectionListState } from '../../ui/section-list-state.tsx';
import { VitalsFigures } from '../../ui/vitals/vitals-figures.tsx';
import styles from '../../ui/vitals/vitals.module.css';
import { useGetVitalsQuery } from './vitals-api.ts';

/**
 * In a patient's details (composed by app/, after the visits): weight and blood pressure over
 * time as two charts, each summarised in words for assistive technology, and the figures as a
 * table behind a disclosure.
 */
export function PatientVitals({ patient }: { patient: TPatient }) {
  const { t } = useTranslation('vitals');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetVitalsQuery({ viewer, patientId: patient._id });
  const series = query.currentData;

  return (
    <PatientSection titleId={`${id}-title`} title={t('title')} className={styles.section}>
      <SectionListState
        hasFailed={query.isError && !query.isFetching}
        items={series?.points}
        texts={{ loadFailed: t('loadFailed'), loading: t('loading'), empty: t('none') }}
      >
        {(points) => <VitalsFigures points={points} total={series?.total ?? 0} />}
      </SectionListState>
    </PatientSection>
  );
}
