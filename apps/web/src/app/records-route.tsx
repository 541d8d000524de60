import { PatientAppointments } from '../features/appointments/patient-appointments.tsx';
import { RecordsPage } from '../features/records/records-page.tsx';
import { PatientVisits } from '../features/visits/patient-visits.tsx';

/** `/records` with each patient's appointments (and 'Book appointment') and visits in the details. */
export function RecordsRoute() {
  return (
    <RecordsPage
      patientExtras={(patient) => (
        <>
          <PatientAppointments patient={patient} />
          <PatientVisits patient={patient} />
        </>
      )}
    />
  );
}
