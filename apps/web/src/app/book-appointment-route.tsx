import { useTranslation } from '../i18n/use-translation.ts';
import { BookAppointmentPage } from '../features/directory/find-doctor-page.tsx';
import { useListPatientsQuery } from '../features/patients/patients-api.ts';
import { ButtonLink } from '../ui/button.tsx';
import styles from '../features/directory/directory.module.css';
import { useAppSelector } from './hooks.ts';

/** The address of a practitioner's own booking form (features/appointments), kept by app/router. */
export const OWN_BOOKING_PATH = '/book-appointment?for=patients';

/**
 * `/book-appointment` as the directory's search, for everyone: a guest is asked to sign in when
 * booking. Someone who keeps patients also keeps their own booking form, offered at the top.
 */
export function DirectoryBookingRoute() {
  const isSignedIn = useAppSelector((state) => state.auth.status);
  return <BookAppointmentPage aside={isSignedIn ? <OwnPatientsBooking /> : undefined} />;
}

/** "Book for one of my patients", once the records are known to hold a patient. */
function OwnPatientsBooking() {
  const { t } = useTranslation('directory');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const patients = useListPatientsQuery({ viewer, q: '' });
  if (!patients.data?.total) return null;
  return (
    <div className={styles.aside}>
      <p>{t('bookAppointment.forPatientsText')}</p>
      <ButtonLink to={OWN_BOOKING_PATH} variant="secondary">
        {t('bookAppointment.forPatients')}
      </ButtonLink>
    </div>
  );
}
