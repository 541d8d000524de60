import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@portal/shared/appointment';
import { Button, buttonClass } from '../../ui/button.tsx';
import { isOpen, statusActionsOf, type StatusAction } from './appointment-actions.ts';
import { formatTimes, kindLabel, statusLabel } from './appointment-text.ts';
import type { Schedule } from './appointments-api.ts';
import { RescheduleForm } from './reschedule-form.tsx';
import styles from './appointments.module.css';

type Mode = 'idle' | 'confirmCancel' | 'reschedule';

/**
 * One appointment of the agenda: time, patient, kind, status and reason, then what can be done
 * with it. Every button names the appointment (described by its summary), and after an action
 * focus comes back to the summary (`focusRequest`) rather than being lost with the button.
 */
export function AppointmentItem({
  appointment,
  schedule,
  focusRequest,
  isBusy,
  onStatus,
  onCancel,
  onRescheduled,
}: {
  appointment: TAppointment;
  schedule: Schedule;
  /** Grows when the agenda wants focus on this appointment; 0 = never. */
  focusRequest: number;
  isBusy: boolean;
  onStatus: (appointment: TAppointment, status: StatusAction) => void;
  onCancel: (appointment: TAppointment) => void;
  onRescheduled: (appointment: TAppointment) => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const [mode, setMode] = useState<Mode>('idle');
  // Grows when a step of this item closes without a change (Keep it, Keep the current time).
  const [returns, setReturns] = useState(0);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const summaryId = `appointment-${appointment._id}`;
  const times = formatTimes(appointment, schedule.timeZone, i18n.language);

  useEffect(() => {
    if (focusRequest > 0 || returns > 0) summaryRef.current?.focus();
  }, [focusRequest, returns]);
  useEffect(() => {
    if (mode === 'confirmCancel') confirmRef.current?.focus();
  }, [mode]);

  function backToIdle() {
    setMode('idle');
    // The button that opened the step is gone with it: focus goes back to the appointment.
    setReturns((n) => n + 1);
  }

  const actions = statusActionsOf(appointment);
  return (
    <li className={styles.item} data-status={appointment.status}>
      <p id={summaryId} ref={summaryRef} tabIndex={-1} className={styles.summary}>
        <span className={styles.time}>{times}</span>
        <bdi dir="auto" className={styles.patient}>
          {appointment.patientName}
        </bdi>
        <span>{kindLabel(t, appointment.kind)}</span>
        <span className={styles.status}>{statusLabel(t, appointment.status)}</span>
      </p>
      {appointment.reason && (
        <p className={styles.reason}>
          <bdi dir="auto">{appointment.reason}</bdi>
        </p>
      )}
      {mode === 'idle' && (actions.length > 0 || isOpen(appointment)) && (
        <div className={styles.actions}>
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'no-show' ? 'secondary' : 'primary'}
              aria-describedby={summaryId}
              aria-disabled={isBusy || undefined}
              onClick={() => !isBusy && onStatus(appointment, action)}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
          {appointment.status === 'booked' && (
            <Button
              variant="secondary"
              aria-describedby={summaryId}
              onClick={() => setMode('reschedule')}
            >
              {t('actions.reschedule')}
            </Button>
          )}
          {isOpen(appointment) && (
            <Button
              variant="danger"
              aria-describedby={summaryId}
              onClick={() => setMode('confirmCancel')}
            >
              {t('actions.cancel')}
            </Button>
          )}
        </div>
      )}
      {mode === 'confirmCancel' && (
        <div className={styles.warning} role="group" aria-labelledby={`${summaryId}-confirm`}>
          <p id={`${summaryId}-confirm`}>
            {t('cancel.question', { patient: appointment.patientName, time: times })}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              ref={confirmRef}
              className={buttonClass('danger')}
              aria-disabled={isBusy || undefined}
              onClick={() => {
                if (isBusy) return;
                setMode('idle');
                onCancel(appointment);
              }}
            >
              {t('cancel.confirm')}
            </button>
            <Button variant="secondary" onClick={backToIdle}>
              {t('cancel.keep')}
            </Button>
          </div>
        </div>
      )}
      {mode === 'reschedule' && (
        <RescheduleForm
          appointment={appointment}
          schedule={schedule}
          onDone={(moved) => {
            if (moved) {
              setMode('idle');
              onRescheduled(moved);
            } else backToIdle();
          }}
        />
      )}
    </li>
  );
}
