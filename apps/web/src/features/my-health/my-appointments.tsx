import { useTranslation } from '../../i18n/use-translation.ts';

import { Button } from '../../ui/button.tsx';
import { VideoJoin } from '../../ui/video-join.tsx';

import type { TMyAppointment } from './api-types.ts';
import { useCancelMyAppointmentMutation, useGetMyAppointmentsQuery } from './my-health-api.ts';
import { useActionResult } from './action-result.tsx';
import { useRecordArgs } from './record-source.tsx';
import { isolated, refusalOf } from './refusal.ts';
import { RecordSection, useDateTime } from './record-section.tsx';
import styles from './my-health.module.css';

export function Appointments({
  patientId,
  phone,
  practitionerName,
}: {
  patientId: string;
  phone: string | null;
  /** Who answers a request made online (the practice card's practitioner). */
  practitionerName: string;
}) {
  const { t } = useTranslation('myHealth');
  const { args, isReadOnly } = useRecordArgs(patientId);
  const query = useGetMyAppointmentsQuery(args);
  const [cancel, cancelling] = useCancelMyAppointmentMutation();
  const result = useActionResult();
  const { dateTime } = useDateTime();
  const answer = query.currentData;
  const all = answer ? [...answer.upcoming, ...answer.past] : undefined;

  async function cancelOne(appointment: TMyAppointment) {
    if (cancelling.isLoading) return;
    try {
      await cancel({ patientId, appointmentId: appointment._id }).unwrap();
      const text = t('appointments.cancelled', { when: dateTime(appointment.start) });
      result.succeeded(text);
    } catch (error) {
      const refusal = refusalOf(error);
      const call = refusal.phone ?? phone;
      const text =
        refusal.code === 'CANCELLATION_TOO_LATE' && call === null
          ? t('appointments.tooLateCall')
          : t(`refusals.${refusal.code}`, { phone: call ?? '' });
      result.failed(text);
    }
  }

  const item = (appointment: TMyAppointment, isUpcoming: boolean) => (
    <li key={appointment._id} className={styles.item}>
      <p id={`appointment-${appointment._id}`}>
        <strong>{dateTime(appointment.start)}</strong>
      </p>
      <p>
        {t(`appointments.kind.${appointment.kind}`)} ·{' '}
        {appointment.status === 'requested'
          ? t('appointments.waitingFor', { name: isolated(practitionerName) })
          : t(`appointments.status.${appointment.status}`)}
      </p>
      {appointment.status === 'requested' && appointment.requestExpiresAt && (
        <p className={styles.muted}>
          {t('appointments.requestDeadline', { when: dateTime(appointment.requestExpiresAt) })}
        </p>
      )}
      {appointment.cancelReason === 'expired' && (
        <p className={styles.muted}>{t('appointments.expired')}</p>
      )}
      {appointment.cancelReason === 'declined' && (
        <>
          <p>{t('appointments.declined', { name: isolated(practitionerName) })}</p>
          {appointment.declineMessage && (
            <blockquote className={styles.declineMessage}>
              <p className={styles.muted}>
                {t('appointments.declineMessage', { name: isolated(practitionerName) })}
              </p>
              <p dir="auto">{appointment.declineMessage}</p>
            </blockquote>
          )}
        </>
      )}
      {!isReadOnly && (
        <VideoJoin appointment={appointment} describedBy={`appointment-${appointment._id}`} />
      )}
      {isUpcoming && appointment.status === 'booked' && !isReadOnly && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            aria-disabled={cancelling.isLoading || undefined}
            aria-label={t('appointments.cancelLabel', { when: dateTime(appointment.start) })}
            onClick={() => void cancelOne(appointment)}
          >
            {t('appointments.cancel')}
          </Button>
        </div>
      )}
    </li>
  );

  return (
    <RecordSection name="appointments" query={{ ...query, currentData: all }}>
      {() => (
        <>
          {result.view}
          <h3>{t('appointments.upcoming')}</h3>
          {answer!.upcoming.length === 0 ? (
            <p className={styles.muted}>{t('appointments.noneUpcoming')}</p>
          ) : (
            <ul className={styles.list}>{answer!.upcoming.map((one) => item(one, true))}</ul>
          )}
          <h3>{t('appointments.past')}</h3>
          {answer!.past.length === 0 ? (
            <p className={styles.muted}>{t('appointments.nonePast')}</p>
          ) : (
            <ul className={styles.list}>{answer!.past.map((one) => item(one, false))}</ul>
          )}
        </>
      )}
    </RecordSection>
  );
}
