import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { APPOINTMENT_LIMITS } from '@portal/shared/appointment';
import type { TPatient } from '@portal/shared/patient';
import { formatWhen, kindLabel, statusLabel } from '../features/appointments/appointment-text.ts';
import { useListAppointmentsQuery } from '../features/appointments/appointments-api.ts';
import type { AppointmentChoice } from '../features/visits/visit-form.tsx';
import { PatientVisits } from '../features/visits/patient-visits.tsx';
import { useAppSelector } from './hooks.ts';

const DAY_MS = 86_400_000;

/**
 * The patient's visits, offered the appointments a visit may close: those of the last
 * two months up to tomorrow (the API's longest range), booked or arrived, and the fulfilled ones
 * a draft may already close. Composed here since the visits feature does not read appointments.
 * `startVisitFor` opens the visit form for that appointment (see PatientVisits).
 */
export function PatientVisitsWithAppointments({
  patient,
  startVisitFor,
  onVisitStarted,
}: {
  patient: TPatient;
  startVisitFor?: string;
  onVisitStarted?: () => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  // Fixed for the life of the view: a new instant on each render would be a new request.
  const [now] = useState(() => Date.now());
  const { currentData } = useListAppointmentsQuery({
    viewer,
    patientId: patient._id,
    from: new Date(now - (APPOINTMENT_LIMITS.rangeDaysMax - 1) * DAY_MS).toISOString(),
    to: new Date(now + DAY_MS).toISOString(),
  });
  const appointments: AppointmentChoice[] | undefined = currentData?.appointments
    .filter(({ status }) => status === 'booked' || status === 'arrived' || status === 'fulfilled')
    .toReversed()
    .map((appointment) => ({
      id: appointment._id,
      label: [
        formatWhen(appointment.start, appointment.timeZone, i18n.language),
        kindLabel(t, appointment.kind),
        statusLabel(t, appointment.status),
      ].join(' · '),
      isOpen: appointment.status !== 'fulfilled',
    }));
  return (
    <PatientVisits
      patient={patient}
      appointments={appointments}
      startVisitFor={startVisitFor}
      onVisitStarted={onVisitStarted}
    />
  );
}
