import { PatientsPage } from '../features/patients/patients-page.tsx';
import { StartOfDay } from './start-of-day.tsx';

/**
 * `/records`: the practitioner's day (today's appointments, due activities, unread reminders)
 * above their patients; each patient opens at its own address (patient-chart-route.tsx).
 */
export function PatientsRoute() {
  return <PatientsPage above={<StartOfDay />} />;
}
