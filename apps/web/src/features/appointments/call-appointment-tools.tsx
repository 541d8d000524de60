import { useId, useState } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';
import { statusActionsOf, type StatusAction } from './appointment-actions.ts';
import { formatTimes, statusLabel } from './appointment-text.ts';
import { useGetAppointmentQuery, useUpdateAppointmentMutation } from './appointments-api.ts';
import styles from './appointments.module.css';

/** What a video visit changes on its appointment: the patient arrives, then has been seen. */
const IN_CALL: readonly StatusAction[] = ['arrived', 'fulfilled'];

/**
 * Beside the practitioner's video visit (composed by app/): the appointment's status with Mark
 * arrived / Mark fulfilled (the agenda's status change, with If-Match), and the visit note of
 * this appointment, opened in a new tab so the call goes on.
 */
export function CallAppointmentTools({ appointmentId }: { appointmentId: string }) {
  const { t, i18n } = useTranslation('appointments');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetAppointmentQuery({ viewer, id: appointmentId });
  const [update, updating] = useUpdateAppointmentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const appointment = query.currentData;

  async function mark(status: StatusAction) {
    if (!appointment || updating.isLoading) return;
    setFailure(null);
    try {
      const changed = await update({ ...appointment, changes: { status } }).unwrap();
      announce(
        t(`done.${status}`, {
          patient: changed.patientName,
          time: formatTimes(changed, changed.timeZone, i18n.language),
        }),
      );
    } catch {
      setFailure(t('call.changeFailed'));
    }
  }

  return (
    <section className={styles.callTools} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.dayTitle}>
        {t('call.title')}
      </h2>
      {!appointment ? (
        <p>{query.isError && !query.isFetching ? t('call.loadFailed') : t('agenda.loading')}</p>
      ) : (
        <>
          <p>
            <bdi dir="auto">{appointment.patientName}</bdi>
            {' · '}
            <bdi>{formatTimes(appointment, appointment.timeZone, i18n.language)}</bdi>
            {' · '}
            {statusLabel(t, appointment.status)}
          </p>
          {failure && (
            <p role="alert" className={alert.danger}>
              {failure}
            </p>
          )}
          <div className={styles.actions}>
            {statusActionsOf(appointment)
              .filter((action) => IN_CALL.includes(action))
              .map((action) => (
                <Button
                  key={action}
                  variant="secondary"
                  aria-disabled={updating.isLoading || undefined}
                  onClick={() => void mark(action)}
                >
                  {t(`actions.${action}`)}
                </Button>
              ))}
            <a
              href={chartPath(appointment.patientId, {
                section: 'visits',
                startVisitFor: appointment._id,
              })}
              target="_blank"
              rel="noopener"
              className={buttonClass('secondary')}
            >
              {t('call.visitNote')}
              <span className="visually-hidden"> {t('call.newTab')}</span>
            </a>
          </div>
        </>
      )}
    </section>
  );
}
