import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { TAppointment } from '@portal/shared/appointment';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { VideoJoin } from '../../ui/video-join.tsx';
import type { Placed } from './agenda-grid-geometry.ts';
import { isOpen, statusActionsOf, type StatusAction } from './appointment-actions.ts';
import { AppointmentMenu, type MenuChoice } from './appointment-menu.tsx';
import { formatTimes, formatWhen, kindLabel, statusLabel } from './appointment-text.ts';
import type { Schedule } from './appointments-api.ts';
import { DeclineRequestForm } from './decline-request-form.tsx';
import { RescheduleForm } from './reschedule-form.tsx';
import styles from './appointments.module.css';

type Mode = 'idle' | 'confirmCancel' | 'reschedule' | 'decline';

/** A card says when its video visit opens on the day only, so the week's cards stay compact. */
const TELLS_OPENING_WITHIN_MS = 12 * 3_600_000;

/** Read between the parts of the summary, which the eye separates by space and colour. */
const Pause = () => (
  <>
    <span className="visually-hidden">,</span>{' '}
  </>
);

/**
 * One appointment of the agenda: time, patient (a link to the chart), kind, status and whether
 * it lies outside the working hours, then "Start visit" and one menu of what else can be done.
 * The chart link is named by the whole summary, so tabbing through the agenda reads each
 * appointment in full; after an action focus comes back to the summary (`focusRequest`).
 */
export function AppointmentItem({
  appointment,
  schedule,
  place,
  isOutsideHours,
  opensToStart,
  focusRequest,
  isBusy,
  onStatus,
  onCancel,
  onRescheduled,
  onConfirm,
  onDecline,
}: {
  appointment: TAppointment;
  schedule: Schedule;
  /** Where the time grid puts it (minutes); the narrow list ignores it. */
  place: Pick<Placed<unknown>, 'top' | 'height' | 'lane' | 'lanes'>;
  isOutsideHours: boolean;
  /** In the week's last days an opened card grows towards the start side, to stay on screen. */
  opensToStart: boolean;
  /** Grows when the agenda wants focus on this appointment; 0 = never. */
  focusRequest: number;
  isBusy: boolean;
  onStatus: (appointment: TAppointment, status: StatusAction) => void;
  onCancel: (appointment: TAppointment) => void;
  onRescheduled: (appointment: TAppointment) => void;
  onConfirm: (appointment: TAppointment) => void;
  onDecline: (appointment: TAppointment, message: string) => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const [mode, setMode] = useState<Mode>('idle');
  // Grows when a step of this item closes without a change (Keep it, Keep the current time).
  const [returns, setReturns] = useState(0);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const summaryId = `appointment-${appointment._id}`;
  const times = formatTimes(appointment, schedule.timeZone, i18n.language);
  const isRequest = appointment.status === 'requested';

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

  const choices: MenuChoice[] = statusActionsOf(appointment).map((action) => ({
    key: action,
    label: t(`actions.${action}`),
    onChoose: () => onStatus(appointment, action),
  }));
  if (appointment.status === 'booked') {
    choices.push({
      key: 'reschedule',
      label: t('actions.reschedule'),
      onChoose: () => setMode('reschedule'),
    });
  }
  if (isOpen(appointment)) {
    choices.push({
      key: 'cancel',
      label: t('actions.cancel'),
      onChoose: () => setMode('confirmCancel'),
    });
  }
  const position = {
    '--top': place.top,
    '--height': place.height,
    '--lane': place.lane,
    '--lanes': place.lanes,
  } as CSSProperties;

  return (
    <li
      className={styles.item}
      style={position}
      data-status={appointment.status}
      data-outside={isOutsideHours || undefined}
      data-open={mode !== 'idle' || undefined}
      data-opens-to-start={opensToStart || undefined}
    >
      <p id={summaryId} ref={summaryRef} tabIndex={-1} className={styles.summary}>
        <bdi className={styles.time}>{times}</bdi>
        <Pause />
        <Link
          to={chartPath(appointment.patientId)}
          aria-labelledby={summaryId}
          className={styles.patient}
        >
          <bdi dir="auto">{appointment.patientName}</bdi>
        </Link>
        <Pause />
        <span className={styles.kind}>{kindLabel(t, appointment.kind)}</span>
        <Pause />
        <span className={styles.status}>
          {isRequest && <span aria-hidden="true">? </span>}
          {statusLabel(t, appointment.status)}
        </span>
        {isRequest && appointment.requestExpiresAt && (
          <>
            <Pause />
            <span className={styles.waits}>
              {t('requests.waitsUntil', {
                when: formatWhen(appointment.requestExpiresAt, schedule.timeZone, i18n.language),
              })}
            </span>
          </>
        )}
        {isOutsideHours && (
          <>
            <Pause />
            <span className={styles.outside}>
              <span aria-hidden="true">⚠ </span>
              {t('form.outside')}
            </span>
          </>
        )}
      </p>
      {appointment.reason && (
        <p className={styles.reason}>
          <bdi dir="auto">{appointment.reason}</bdi>
        </p>
      )}
      {mode === 'idle' && isRequest && (
        <div className={styles.controls}>
          <Button
            aria-describedby={summaryId}
            aria-disabled={isBusy || undefined}
            onClick={() => {
              if (!isBusy) onConfirm(appointment);
            }}
          >
            {t('requests.confirm')}
          </Button>
          <Button
            variant="secondary"
            aria-describedby={summaryId}
            onClick={() => setMode('decline')}
          >
            {t('requests.decline')}
          </Button>
        </div>
      )}
      {mode === 'decline' && (
        <DeclineRequestForm
          appointment={appointment}
          when={times}
          isBusy={isBusy}
          onDecline={(message) => {
            setMode('idle');
            onDecline(appointment, message);
          }}
          onKeep={backToIdle}
        />
      )}
      {mode === 'idle' && choices.length > 0 && (
        <div className={styles.controls}>
          <VideoJoin
            appointment={appointment}
            timeZone={schedule.timeZone}
            describedBy={summaryId}
            tellsOpeningWithinMs={TELLS_OPENING_WITHIN_MS}
          />
          {isOpen(appointment) && (
            <Link
              to={chartPath(appointment.patientId, {
                section: 'visits',
                startVisitFor: appointment._id,
              })}
              aria-describedby={summaryId}
              className={buttonClass('primary', styles.startVisit)}
            >
              {t('agenda.startVisit')}
            </Link>
          )}
          <AppointmentMenu describedBy={summaryId} choices={choices} isBusy={isBusy} />
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
