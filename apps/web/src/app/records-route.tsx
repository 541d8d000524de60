import { PatientAppointments } from '../features/appointments/patient-appointments.tsx';
import { RecordsPage } from '../features/records/records-page.tsx';

/** `/records` with each patient's appointments (and 'Book appointment') in the details. */
export function RecordsRoute() {
  return <RecordsPage patientExtras={(patient) => <PatientAppointments patient={patient} />} />;
}
