import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { APPOINTMENT_MESSAGES, type TAppointment } from '@portal/shared/appointment';
import { toWallTime } from '@portal/shared/zoned-time';
import { apiErrorOf, fieldMessageText } from '../../lib/forms/field-messages.ts';
import { conflictOf, conflictText } from './appointment-text.ts';
import { useUpdateAppointmentMutation, type Schedule } from './appointments-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { useFailure } from '../../ui/failure-alert.tsx';
import { SavingForm } from '../../ui/saving-form.tsx';
import { DayField, useWhen, WhenFields } from './when-fields.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import styles from './appointments.module.css';

/**
 * Moves an appointment to another day or time (same duration, kind and reason). A clash answers
 * with the appointment it meets; one changed meanwhile asks to look again.
 */
export function RescheduleForm({
  appointment,
  schedule,
  onDone,
}: {
  appointment: TAppointment;
  schedule: Schedule;
  /** The moved appointment, or undefined when the reader kept the old time. */
  onDone: (moved?: TAppointment) => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const id = useId();
  const when = useWhen({
    initialDate: toWallTime(appointment.start, schedule.timeZone).date,
    duration: appointment.duration,
    schedule,
  });
  const { start, outside, isOutsideConfirmed } = when;
  const [timeError, setTimeError] = useState<string>();
  const [outsideError, setOutsideError] = useState<string>();
  const failure = useFailure();
  const dateRef = useFocusOnMount<HTMLInputElement>();
  const [update, { isLoading }] = useUpdateAppointmentMutation();

  async function save() {
    failure.clear();
    const missingTime = start ? undefined : fieldMessageText(t, APPOINTMENT_MESSAGES.startRequired);
    const unconfirmed = outside && !isOutsideConfirmed ? t('outsideHours.required') : undefined;
    setTimeError(missingTime);
    setOutsideError(unconfirmed);
    if (!start || unconfirmed) {
      document.getElementById(start ? `${id}-outside` : `${id}-time`)?.focus();
      return;
    }
    try {
      onDone(await update({ ...appointment, changes: { start } }).unwrap());
    } catch (error) {
      const conflict = conflictOf(error);
      const code = apiErrorOf(error)?.code;
      failure.show(
        conflict
          ? conflictText(t, conflict, i18n.language)
          : code === 'APPOINTMENT_CHANGED'
            ? t('reschedule.changed')
            : t('reschedule.failed'),
      );
    }
  }

  return (
    <SavingForm
      className={styles.form}
      label={t('reschedule.label', { patient: appointment.patientName })}
      isBusy={isLoading}
      onSubmit={save}
      failure={failure}
    >
      <DayField id={`${id}-date`} label={t('reschedule.date')} when={when} inputRef={dateRef} />
      <WhenFields
        timeId={`${id}-time`}
        outsideId={`${id}-outside`}
        when={when}
        timeError={timeError}
        outsideError={outsideError}
      />
      <FormActions
        className={styles.actions}
        isBusy={isLoading}
        label={t('reschedule.save')}
        busyLabel={t('reschedule.saving')}
        cancelLabel={t('reschedule.keep')}
        onCancel={() => onDone()}
      />
    </SavingForm>
  );
}
