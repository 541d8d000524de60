import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import column from '../../ui/page-column.module.css';
import pageStyles from '../../ui/page.module.css';
import { DoctorSearch } from './doctor-search.tsx';
import styles from './directory.module.css';

/**
 * A page of the directory's doctor search under its own heading: `/find-doctor`, and
 * `/book-appointment` (app/ adds a practitioner's own booking to it as `aside`).
 */
export function DoctorSearchPage({
  title,
  intro,
  aside,
}: {
  title: string;
  intro: string;
  aside?: ReactNode;
}) {
  return (
    <div className={column.column}>
      <div className={`${pageStyles.card} ${styles.page}`}>
        <h1 tabIndex={-1}>{title}</h1>
        <p className={styles.intro}>{intro}</p>
        {aside}
        <DoctorSearch />
      </div>
    </div>
  );
}

/** `/find-doctor`: search the directory's doctors, see their next free times, book. */
export function FindDoctorPage() {
  const { t } = useTranslation('directory');
  return <DoctorSearchPage title={t('findDoctor.title')} intro={t('findDoctor.intro')} />;
}

/** `/book-appointment` for a guest, or anyone without patients: the same search, to book. */
export function BookAppointmentPage({ aside }: { aside?: ReactNode }) {
  const { t } = useTranslation('directory');
  return (
    <DoctorSearchPage
      title={t('bookAppointment.title')}
      intro={t('bookAppointment.intro')}
      aside={aside}
    />
  );
}
