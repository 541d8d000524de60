import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import pageStyles from '../../ui/page.module.css';
import { SectionListState } from '../../ui/section-list-state.tsx';
import { VitalsFigures } from '../../ui/vitals/vitals-figures.tsx';
import { useGetMyVitalsQuery } from './my-health-api.ts';
import { useRecordArgs } from './record-source.tsx';
import styles from './my-health.module.css';

/**
 * The linked record's weight and blood pressure over time: the practitioner's chart, with its
 * summaries and its table, drawn from the signed visits the patient sees.
 */
export function MyVitals({ patientId }: { patientId: string }) {
  const { t } = useTranslation('vitals');
  const id = useId();
  const query = useGetMyVitalsQuery(useRecordArgs(patientId).args);
  return (
    <section className={`${pageStyles.card} ${styles.section}`} aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {t('title')}
      </h2>
      <SectionListState
        hasFailed={query.isError && !query.isFetching}
        items={query.currentData}
        styles={styles}
        texts={{ loadFailed: t('loadFailed'), loading: t('loading'), empty: t('none') }}
      >
        {(points) => <VitalsFigures points={points} total={points.length} />}
      </SectionListState>
    </section>
  );
}
