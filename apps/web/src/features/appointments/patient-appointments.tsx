import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { APPOINTMENT_LIMITS } from '@portal/shared/appointment';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { formatNumber } from '../../i18n/format.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { SectionListState } from '../../ui/section-list-state.tsx';
import { VideoJoin } from '../../ui/video-join.tsx';
import { formatWhen, kindLabel, statusLabel } from './appointment-text.ts';
import { useListAppointmentsQuery, type Agenda } from './appointments-api.ts';
import styles from './appointments.module.css';

/** The longest range the API answers at once: the lists cover the last and the next one. */
const SPAN_MS = APPOINTMENT_LIMITS.rangeDaysMax * 86_400_000;

/**
 * In a patient's details (patients, composed by app/): the patient's upcoming and past
 * appointments, and 'Book appointment' for this patient.
 */
export function PatientAppointments({ patient }: { patient: TPatient }) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  // Fixed for the life of the view: a new instant on each render would be a new request.
  const [now] = useState(() => Date.now());
  const at = (ms: number) => new Date(ms).toISOString();
  const upcoming = useListAppointmentsQuery({
    viewer,
    patientId: patient._id,
    from: at(now),
    to: at(now + SPAN_MS),
  });
  const past = useListAppointmentsQuery({
    viewer,
    patientId: patient._id,
    from: at(now - SPAN_MS),
    to: at(now),
  });
  const days = formatNumber(APPOINTMENT_LIMITS.rangeDaysMax);

  return (
    <section className={styles.stack} aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className={styles.dayTitle}>
        {t('patient.appointments')}
      </h5>
      <AppointmentList title={t('patient.upcoming', { days })} query={upcoming} order="earliest" />
      <AppointmentList title={t('patient.past', { days })} query={past} order="latest" />
      <div className={styles.actions}>
        <ButtonLink to={`/book-appointment?patient=${encodeURIComponent(patient._id)}`}>
          {t('patient.book')}
        </ButtonLink>
      </div>
    </section>
  );
}

function AppointmentList({
  title,
  query,
  order,
}: {
  title: string;
  query: { currentData?: Agenda; isError: boolean; isFetching: boolean };
  order: 'earliest' | 'latest';
}) {
  const { t, i18n } = useTranslation('appointments');
  const id = useId();
  const inOrder = query.currentData && [...query.currentData.appointments];
  if (order === 'latest') inOrder?.reverse();
  return (
    <div className={styles.day}>
      <h6 id={`${id}-title`} className={styles.dayTitle}>
        {title}
      </h6>
      <SectionListState
        hasFailed={query.isError && !query.isFetching}
        items={inOrder}
        texts={{
          loadFailed: t('patient.loadFailed'),
          loading: t('agenda.loading'),
          empty: t('patient.none'),
        }}
        styles={styles}
      >
        {(appointments) => (
          <ul className={styles.items} aria-labelledby={`${id}-title`}>
            {appointments.map((appointment) => (
              <li key={appointment._id} className={styles.item} data-status={appointment.status}>
                <p id={`${id}-${appointment._id}`} className={styles.summary}>
                  <time dateTime={appointment.start} className={styles.time}>
                    {formatWhen(appointment.start, appointment.timeZone, i18n.language)}
                  </time>
                  <span>{kindLabel(t, appointment.kind)}</span>
                  <span className={styles.status}>{statusLabel(t, appointment.status)}</span>
                </p>
                <VideoJoin
                  appointment={appointment}
                  timeZone={appointment.timeZone}
                  describedBy={`${id}-${appointment._id}`}
                />
              </li>
            ))}
          </ul>
        )}
      </SectionListState>
    </div>
  );
}
