import { PatientsPage } from '../features/patients/patients-page.tsx';
import { StartOfDay } from './start-of-day.tsx';

/** The texts the kinds' sections read, for the router to load with the patients' pages. */
export { WEB_KIND_NAMESPACES as KIND_NAMESPACES } from '../kinds/registry.ts';

/**
 * `/records`: the practitioner's day (today's appointments, due activities, unread reminders)
 * above their patients; each patient opens at its own address (patient-chart-route.tsx).
 */
export function PatientsRoute() {
  return <PatientsPage above={<StartOfDay />} />;
}
