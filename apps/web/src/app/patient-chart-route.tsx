import { useCallback, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PatientAppointments } from '../features/appointments/patient-appointments.tsx';
import { PatientCarePlans } from '../features/care-plans/patient-care-plans.tsx';
import { RefillRequestsSection } from '../features/medicines/refill-requests-section.tsx';
import { AccessSection } from '../features/my-health/access-section.tsx';
import { MessagePatientLink } from '../features/messages/message-patient-link.tsx';
import { CorrectionRequests } from '../features/my-health/correction-requests.tsx';
import { PatientViewLink } from '../features/my-health/patient-view-link.tsx';
import { PatientChartPage } from '../features/patients/patient-chart-page.tsx';
import type { TPatient } from '@portal/shared/patient';
import { PatientTimeline } from '../features/timeline/patient-timeline.tsx';
import { PatientVitals } from '../features/vitals/patient-vitals.tsx';
import { TIMELINE_ENTRY_NAMESPACES, WEB_KINDS } from '../kinds/registry.ts';
import { useOneAtATime } from '../lib/hooks/use-after-idle.ts';
import { START_VISIT_PARAM, type ChartSection } from '../lib/routes/chart-address.ts';
import { refillApprovalForm } from './refill-approval.tsx';
import { PatientVisitsWithAppointments } from './visits-with-appointments.tsx';

/** The texts the kinds' sections read, for the router to load with this page. */
export { WEB_KIND_NAMESPACES as KIND_NAMESPACES } from '../kinds/registry.ts';

/** The element id of a care plan in the chart: the timeline's activities link to it. */
const carePlanAnchor = (carePlanId: string) => `care-plan-${carePlanId}`;

/** A section of the chart, where an address's fragment (`#visits`) leads. */
function ChartSectionAt({ section, children }: { section: ChartSection; children: ReactNode }) {
  return <div id={section}>{children}</div>;
}

/**
 * `/records/patients/:id`: the patient's chart with their appointments (and 'Book appointment'),
 * visits, vital-signs chart, the sections of the patient-owned kinds (kinds/registry.ts, in its
 * order), the patient's refill requests, timeline, care plans, the patient's own access to the portal and their correction
 * requests. Each section stands in an element with its id from
 * CHART_SECTIONS, so an address's fragment leads to it. `?startVisit=<appointment id>` opens the
 * visit form for that appointment; the parameter then leaves the address, so Back or a reload
 * does not open the form again.
 */
export function PatientChartRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const startVisitFor = new URLSearchParams(location.search).get(START_VISIT_PARAM) ?? undefined;
  const { pathname, hash, state } = location;
  const onVisitStarted = useCallback(() => {
    void navigate({ pathname, hash }, { replace: true, state });
  }, [navigate, pathname, hash, state]);

  return (
    // A new patient is a new chart: nothing of the last one's (an open form, a notice) stays.
    <PatientChartPage
      key={id}
      extras={(patient) => (
        <ChartSections
          patient={patient}
          hasFragment={hash.length > 1}
          startVisitFor={startVisitFor}
          onVisitStarted={onVisitStarted}
        />
      )}
    />
  );
}

/** The sections shown at once, before the others arrive one at a time: the first screen's. */
const FIRST_SECTIONS = 2;

/**
 * The chart's sections below the patient's details, in their order. Each requests its own data,
 * so they are mounted one at a time when the browser is idle (`useOneAtATime`): the requests and
 * the renders of their answers are short tasks of their own, not one long one. An address with a
 * fragment (`#timeline`, a care plan's id) shows them all at once, so the section it names and
 * those above it are there together, and `useScrollToFragment` lands on it as before.
 */
function ChartSections({
  patient,
  hasFragment,
  startVisitFor,
  onVisitStarted,
}: {
  patient: TPatient;
  hasFragment: boolean;
  startVisitFor: string | undefined;
  onVisitStarted: () => void;
}) {
  const sections: ReactNode[] = [
    <MessagePatientLink key="message" patientId={patient._id} patientName={patient.name} />,
    <ChartSectionAt key="appointments" section="appointments">
      <PatientAppointments patient={patient} />
    </ChartSectionAt>,
    <ChartSectionAt key="visits" section="visits">
      <PatientVisitsWithAppointments
        patient={patient}
        startVisitFor={startVisitFor}
        onVisitStarted={onVisitStarted}
      />
    </ChartSectionAt>,
    <ChartSectionAt key="vitals" section="vitals">
      <PatientVitals patient={patient} />
    </ChartSectionAt>,
    ...WEB_KINDS.map(({ shared, section, Section }) => (
      <ChartSectionAt key={shared.kind} section={section}>
        <Section patient={patient} />
      </ChartSectionAt>
    )),
    <RefillRequestsSection key="refills" patient={patient} approvalForm={refillApprovalForm} />,
    <ChartSectionAt key="timeline" section="timeline">
      <PatientTimeline
        patient={patient}
        carePlanHref={(carePlanId) => `#${carePlanAnchor(carePlanId)}`}
        entryNamespaces={TIMELINE_ENTRY_NAMESPACES}
      />
    </ChartSectionAt>,
    <ChartSectionAt key="care-plans" section="care-plans">
      <PatientCarePlans patient={patient} anchorOf={carePlanAnchor} />
    </ChartSectionAt>,
    <AccessSection key="access" patient={patient} />,
    <CorrectionRequests key="corrections" patient={patient} />,
    <PatientViewLink key="view" patientId={patient._id} />,
  ];
  const shown = useOneAtATime({
    key: patient._id,
    total: sections.length,
    first: FIRST_SECTIONS,
    isAll: hasFragment,
  });
  return <>{sections.slice(0, shown)}</>;
}
