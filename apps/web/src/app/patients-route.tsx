import { PatientAppointments } from '../features/appointments/patient-appointments.tsx';
import { PatientCarePlans } from '../features/care-plans/patient-care-plans.tsx';
import { PatientAllergies } from '../features/clinical/patient-allergies.tsx';
import { PatientMedications } from '../features/clinical/patient-medications.tsx';
import { PatientsPage } from '../features/patients/patients-page.tsx';
import { PatientTimeline } from '../features/timeline/patient-timeline.tsx';
import { PatientVitals } from '../features/vitals/patient-vitals.tsx';
import { PatientVisitsWithAppointments } from './visits-with-appointments.tsx';

/** The element id of a care plan in the patient's details: the timeline's activities link to it. */
const carePlanAnchor = (carePlanId: string) => `care-plan-${carePlanId}`;

/**
 * `/records` with each patient's appointments (and 'Book appointment'), visits, vital-signs
 * chart, allergies, active medications, timeline and care plans in the details.
 */
export function PatientsRoute() {
  return (
    <PatientsPage
      patientExtras={(patient) => (
        <>
          <PatientAppointments patient={patient} />
          <PatientVisitsWithAppointments patient={patient} />
          <PatientVitals patient={patient} />
          <PatientAllergies patient={patient} />
          <PatientMedications patient={patient} />
          <PatientTimeline
            patient={patient}
            carePlanHref={(carePlanId) => `#${carePlanAnchor(carePlanId)}`}
          />
          <PatientCarePlans patient={patient} anchorOf={carePlanAnchor} />
        </>
      )}
    />
  );
}
