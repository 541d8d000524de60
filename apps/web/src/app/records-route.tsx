import { PatientAppointments } from '../features/appointments/patient-appointments.tsx';
import { PatientCarePlans } from '../features/care-plans/patient-care-plans.tsx';
import { PatientAllergies } from '../features/clinical/patient-allergies.tsx';
import { PatientMedications } from '../features/clinical/patient-medications.tsx';
import { RecordsPage } from '../features/records/records-page.tsx';
import { PatientVisits } from '../features/visits/patient-visits.tsx';

/**
 * `/records` with each patient's appointments (and 'Book appointment'), visits, allergies and
 * active medications in the details.
 */
export function RecordsRoute() {
  return (
    <RecordsPage
      patientExtras={(patient) => (
        <>
          <PatientAppointments patient={patient} />
          <PatientVisits patient={patient} />
          <PatientAllergies patient={patient} />
          <PatientMedications patient={patient} />
          <PatientCarePlans patient={patient} />
        </>
      )}
    />
  );
}
