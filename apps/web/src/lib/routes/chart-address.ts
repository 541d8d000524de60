/**
 * The sections of a patient's chart, in the order the chart shows them. Each is the element id
 * of its section, so `#visits` in the address scrolls to it and a link can name it.
 */
export const CHART_SECTIONS = [
  'appointments',
  'visits',
  'vitals',
  'allergies',
  'medications',
  'immunizations',
  'timeline',
  'care-plans',
] as const;

export type ChartSection = (typeof CHART_SECTIONS)[number];

/** The query parameter that opens the visit form for an appointment (the visit closes it). */
export const START_VISIT_PARAM = 'startVisit';

/**
 * The web address of a patient's chart: `/records/patients/{id}`, optionally at a section or at
 * one item's element id (`care-plan-…`), optionally opening the visit form for an appointment.
 * Every link to a patient (search hits, reminders, the agenda, a new patient) is made here.
 */
export function chartPath(
  patientId: string,
  {
    section,
    anchor,
    startVisitFor,
  }: {
    section?: ChartSection;
    anchor?: string;
    startVisitFor?: string;
  } = {},
): string {
  const query = startVisitFor
    ? `?${new URLSearchParams({ [START_VISIT_PARAM]: startVisitFor }).toString()}`
    : '';
  const fragment = anchor ?? section;
  return `/records/patients/${encodeURIComponent(patientId)}${query}${fragment ? `#${encodeURIComponent(fragment)}` : ''}`;
}
