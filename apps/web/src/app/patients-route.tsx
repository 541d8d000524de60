import { PatientAppointments } from '../features/appointments/patient-appointments.tsx';
import { PatientCarePlans } from '../features/care-plans/patient-care-plans.tsx';
import { PatientsPage } from '../features/patients/patients-page.tsx';
import { PatientTimeline } from '../features/timeline/patient-timeline.tsx';
import { PatientVitals } from '../features/vitals/patient-vitals.tsx';
import { TIMELINE_ENTRY_NAMESPACES, WEB_KINDS } from '../kinds/registry.ts';
import { StartOfDay } from './start-of-day.tsx';
import { PatientVisitsWithAppointments } from './visits-with-appointments.tsx';

/** The texts the kinds' sections read, for the router to load with this page. */
export { WEB_KIND_NAMESPACES as KIND_NAMESPACES } from '../kinds/registry.ts';

/** The element id of a care plan in the patient's details: the timeline's activities link to it. */
const carePlanAnchor = (carePlanId: string) => `care-plan-${carePlanId}`;

/**
 * `/records`: the practitioner's day (today's appointments, due activities, unread reminders)
 * above the patient list, with each patient's appointments (and 'Book appointment'), visits, vital-signs
 * chart, the sections of the patient-owned kinds (kinds/registry.ts, in its
 * order), timeline and care plans in the details.
 */
export function PatientsRoute() {
  return (
    <PatientsPage
      above={<StartOfDay />}
      patientExtras={(patient) => (
        <>
          <PatientAppointments patient={patient} />
          <PatientVisitsWithAppointments patient={patient} />
          <PatientVitals patient={patient} />
          {WEB_KINDS.map(({ shared, Section }) => (
            <Section key={shared.kind} patient={patient} />
          ))}
          <PatientTimeline
            patient={patient}
            carePlanHref={(carePlanId) => `#${carePlanAnchor(carePlanId)}`}
            entryNamespaces={TIMELINE_ENTRY_NAMESPACES}
          />
          <PatientCarePlans patient={patient} anchorOf={carePlanAnchor} />
        </>
      )}
    />
  );
}
