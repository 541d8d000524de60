import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSearchParams } from 'react-router';
import type { TAppointment } from '@portal/shared/appointment';
import { toWallTime } from '@portal/shared/zoned-time';
import { announce } from '../../lib/a11y/announcer.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { durationLabel, formatWhen, isolate, kindLabel } from './appointment-text.ts';
import { useGetPatientForBookingQuery, type Schedule } from './appointments-api.ts';
import { BookingForm } from './booking-form.tsx';
import { SchedulePage } from './schedule-page.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import { isWholeDay } from './when-fields.tsx';
import styles from './appointments.module.css';

/**
 * `/book-appointment` for a signed-in practitioner who asks for their own booking form (everyone
 * else gets the directory's search, see app/router.tsx). `?patient=<id>` (from the patient's details) and `?date=YYYY-MM-DD` (from
 * the agenda) fill the form in.
 */
export function BookingPage() {
  const { t } = useTranslation('appointments');
  return <SchedulePage title={t('book.title')} content={Booking} />;
}

function Booking({ schedule }: { schedule: Schedule }) {
  const [searchParams] = useSearchParams();
  const patientId = searchParams.get('patient');
  const dateParam = searchParams.get('date');
  const patient = useGetPatientForBookingQuery(patientId ?? '', { skip: !patientId });
  const [booked, setBooked] = useState<TAppointment | null>(null);
  // Each booking starts a fresh form (a new key): nothing of the last one is left behind.
  const [round, setRound] = useState(0);
  const { t, i18n } = useTranslation('appointments');

  if (patientId && patient.isLoading) return <p role="status">{t('book.loadingPatient')}</p>;
  if (booked)
    return (
      <Confirmation
        appointment={booked}
        onAgain={() => {
          setBooked(null);
          setRound((n) => n + 1);
        }}
      />
    );
  const today = toWallTime(new Date(), schedule.timeZone).date;
  return (
    <BookingForm
      key={round}
      schedule={schedule}
      initialPatient={round === 0 ? (patient.currentData ?? null) : null}
      initialDate={dateParam && isWholeDay(dateParam) ? dateParam : today}
      onBooked={(appointment) => {
        setBooked(appointment);
        announce(
          t('book.announced', {
            patient: isolate(appointment.patientName),
            when: formatWhen(appointment.start, appointment.timeZone, i18n.language),
          }),
        );
      }}
    />
  );
}

/** What was booked, on the practitioner's clock; it takes focus so the result is read first. */
function Confirmation({
  appointment,
  onAgain,
}: {
  appointment: TAppointment;
  onAgain: () => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const day = toWallTime(appointment.start, appointment.timeZone).date;
  return (
    <section className={styles.success} aria-labelledby="booked-title">
      <h2 id="booked-title" ref={headingRef} tabIndex={-1} className={styles.title}>
        {t('book.bookedTitle')}
      </h2>
      <p>
        {t('book.bookedText', {
          patient: isolate(appointment.patientName),
          when: formatWhen(appointment.start, appointment.timeZone, i18n.language),
          duration: durationLabel(t, appointment.duration),
          kind: kindLabel(t, appointment.kind),
        })}
      </p>
      <p className={styles.hint}>{t('time.zone', { timeZone: appointment.timeZone })}</p>
      <div className={styles.actions}>
        <ButtonLink to={`/appointments?view=day&date=${day}`}>{t('book.openAgenda')}</ButtonLink>
        <Button variant="secondary" onClick={onAgain}>
          {t('book.again')}
        </Button>
      </div>
    </section>
  );
}
