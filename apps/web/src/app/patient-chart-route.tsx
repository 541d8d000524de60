import { Suspense, useCallback, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PatientAppointments } from '../features/appointments/patient-appointments.tsx';
import { MessagePatientLink } from '../features/messages/message-patient-link.tsx';
import { PatientChartPage } from '../features/patients/patient-chart-page.tsx';
import type { TPatient } from '@portal/shared/patient';
import { TIMELINE_ENTRY_NAMESPACES, WEB_KINDS } from '../kinds/registry.ts';
import { useOneAtATime } from '../lib/hooks/use-after-idle.ts';
import { preloadable } from '../lib/lazy/preloadable.ts';
import { START_VISIT_PARAM, type ChartSection } from '../lib/routes/chart-address.ts';
import { refillApprovalForm } from './refill-approval.tsx';

/** The texts the kinds' sections read, for the router to load with this page. */
export { WEB_KIND_NAMESPACES as KIND_NAMESPACES } from '../kinds/registry.ts';

// The sections that are not on the first screen, each in a chunk of its own that loads when the
// section mounts: the page's chunk, evaluated in one task, holds only what the first screen shows.
const PatientVisitsWithAppointments = preloadable(() =>
  import('./visits-with-appointments.tsx').then((m) => m.PatientVisitsWithAppointments),
);
const PatientVitals = preloadable(() =>
  import('../features/vitals/patient-vitals.tsx').then((m) => m.PatientVitals),
);
const RefillRequestsSection = preloadable(() =>
  import('../features/medicines/refill-requests-section.tsx').then((m) => m.RefillRequestsSection),
);
const PatientTimeline = preloadable(() =>
  import('../features/timeline/patient-timeline.tsx').then((m) => m.PatientTimeline),
);
const PatientCarePlans = preloadable(() =>
  import('../features/care-plans/patient-care-plans.tsx').then((m) => m.PatientCarePlans),
);
const AccessSection = preloadable(() =>
  import('../features/my-health/access-section.tsx').then((m) => m.AccessSection),
);
const CorrectionRequests = preloadable(() =>
  import('../features/my-health/correction-requests.tsx').then((m) => m.CorrectionRequests),
);
const PatientViewLink = preloadable(() =>
  import('../features/my-health/patient-view-link.tsx').then((m) => m.PatientViewLink),
);

/**
 * A section whose code may still be loading: nothing in its place until it is there, so its
 * element id (where a fragment leads) arrives with its heading.
 */
function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

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
    <Later key="visits">
      <ChartSectionAt section="visits">
        <PatientVisitsWithAppointments
          patient={patient}
          startVisitFor={startVisitFor}
          onVisitStarted={onVisitStarted}
        />
      </ChartSectionAt>
    </Later>,
    <Later key="vitals">
      <ChartSectionAt section="vitals">
        <PatientVitals patient={patient} />
      </ChartSectionAt>
    </Later>,
    ...WEB_KINDS.map(({ shared, section, Section }) => (
      <ChartSectionAt key={shared.kind} section={section}>
        <Section patient={patient} />
      </ChartSectionAt>
    )),
    <Later key="refills">
      <RefillRequestsSection patient={patient} approvalForm={refillApprovalForm} />
    </Later>,
    <Later key="timeline">
      <ChartSectionAt section="timeline">
        <PatientTimeline
          patient={patient}
          carePlanHref={(carePlanId) => `#${carePlanAnchor(carePlanId)}`}
          entryNamespaces={TIMELINE_ENTRY_NAMESPACES}
        />
      </ChartSectionAt>
    </Later>,
    <Later key="care-plans">
      <ChartSectionAt section="care-plans">
        <PatientCarePlans patient={patient} anchorOf={carePlanAnchor} />
      </ChartSectionAt>
    </Later>,
    <Later key="access">
      <AccessSection patient={patient} />
    </Later>,
    <Later key="corrections">
      <CorrectionRequests patient={patient} />
    </Later>,
    <Later key="view">
      <PatientViewLink patientId={patient._id} />
    </Later>,
  ];
  const shown = useOneAtATime({
    key: patient._id,
    total: sections.length,
    first: FIRST_SECTIONS,
    isAll: hasFragment,
  });
  return <>{sections.slice(0, shown)}</>;
}
