import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  APPOINTMENT_KINDS,
  APPOINTMENT_LIMITS,
  ZAppointmentInput,
  type TAppointment,
  type TAppointmentKind,
} from '@portal/shared/appointment';
import type { TPatient } from '@portal/shared/patient';
import {
  apiErrorsByField,
  schemaErrorsByField,
  summaryItemsOf,
} from '../../lib/forms/own-field-errors.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField, TextAreaField } from '../../ui/control-fields.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FieldMessage } from '../../ui/form-field.tsx';
import { useFailure } from '../../ui/failure-alert.tsx';
import { SavingForm } from '../../ui/saving-form.tsx';
import { conflictOf, conflictText, durationLabel, kindLabel } from './appointment-text.ts';
import { useCreateAppointmentMutation, type Schedule } from './appointments-api.ts';
import { PatientPicker } from './patient-picker.tsx';
import { DEFAULT_DURATION, DURATIONS } from './time-choice.ts';
import { DayField, useWhen, WhenFields } from './when-fields.tsx';
import styles from './appointments.module.css';

type Field = 'patient' | 'date' | 'duration' | 'time' | 'outside' | 'kind' | 'reason';
const FIELDS: readonly Field[] = [
  'patient',
  'date',
  'duration',
  'time',
  'outside',
  'kind',
  'reason',
];
/** Where the schema's paths are shown. */
const FIELD_OF_PATH: Record<string, Field> = {
  patientId: 'patient',
  start: 'time',
  duration: 'duration',
  kind: 'kind',
  reason: 'reason',
};

const fieldOfPath = (path: string): Field | undefined => FIELD_OF_PATH[path];

/**
 * The booking form: patient, day, duration, a free time (or another one, after a warning when
 * it is outside the working hours), kind and reason. Checked with the API's own schema; the
 * API's 409 names the appointment it clashes with, in the reader's language.
 */
export function BookingForm({
  schedule,
  initialPatient,
  initialDate,
  onBooked,
}: {
  schedule: Schedule;
  initialPatient: TPatient | null;
  initialDate: string;
  onBooked: (appointment: TAppointment) => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const [patient, setPatient] = useState<TPatient | null>(initialPatient);
  const [duration, setDuration] = useState<number>(DEFAULT_DURATION);
  const when = useWhen({ initialDate, duration, schedule });
  const { date, outside, isOutsideConfirmed } = when;
  const [kind, setKind] = useState<TAppointmentKind>('in-person');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const failure = useFailure();
  const { ref: summaryRef, request: focusSummary } = useFocusAfterRender<HTMLDivElement>();
  const [createAppointment, { isLoading }] = useCreateAppointmentMutation();

  function validate() {
    const input = {
      patientId: patient?._id ?? '',
      start: when.start ?? '',
      duration,
      kind,
      reason,
    };
    const parsed = ZAppointmentInput.safeParse(input);
    const found = parsed.success ? {} : schemaErrorsByField(t, parsed.error, fieldOfPath);
    if (!date) found.date = t('form.dateRequired');
    if (outside && !isOutsideConfirmed) found.outside = t('outsideHours.required');
    return { found, data: parsed.success ? parsed.data : undefined };
  }

  async function submit() {
    failure.clear();
    const { found, data } = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !data) {
      focusSummary();
      return;
    }
    try {
      onBooked(await createAppointment(data).unwrap());
    } catch (error) {
      const conflict = conflictOf(error);
      const placed = apiErrorsByField(t, error, fieldOfPath);
      if (Object.keys(placed).length > 0) {
        setErrors(placed);
        focusSummary();
        return;
      }
      failure.show(conflict ? conflictText(t, conflict, i18n.language) : t('book.failed'));
    }
  }

  const summaryItems = summaryItemsOf({
    fields: FIELDS,
    errors,
    fieldId,
    labelOf: (field) => t(`form.${field}`),
  });
  return (
    <SavingForm
      className={styles.form}
      label={t('book.formLabel')}
      isBusy={isLoading}
      onSubmit={submit}
      failure={failure}
    >
      <ErrorSummary ref={summaryRef} items={summaryItems} />
      <PatientPicker
        id={fieldId('patient')}
        selected={patient}
        onSelect={setPatient}
        error={errors.patient}
      />
      <div className={styles.grid}>
        <DayField id={fieldId('date')} label={t('form.date')} when={when} error={errors.date} />
        <SelectField
          id={fieldId('duration')}
          label={t('form.duration')}
          error={errors.duration}
          value={duration}
          onChange={(event) => {
            setDuration(Number(event.target.value));
            if (when.choice?.kind === 'slot') when.setChoice(null);
          }}
          options={DURATIONS.map((minutes) => ({
            value: String(minutes),
            label: durationLabel(t, minutes),
          }))}
        />
      </div>
      <WhenFields
        timeId={fieldId('time')}
        outsideId={fieldId('outside')}
        when={when}
        timeError={errors.time}
        outsideError={errors.outside}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('form.kind')}</legend>
        <ul className={styles.choices}>
          {APPOINTMENT_KINDS.map((option, index) => (
            <li key={option}>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-kind`}
                  id={index === 0 ? fieldId('kind') : undefined}
                  checked={kind === option}
                  onChange={() => setKind(option)}
                />
                {kindLabel(t, option)}
              </label>
            </li>
          ))}
        </ul>
        <FieldMessage id={fieldId('kind')} error={errors.kind} />
      </fieldset>
      <TextAreaField
        id={fieldId('reason')}
        label={`${t('form.reason')} ${t('form.optional')}`}
        hint={t('form.reasonHint', { max: APPOINTMENT_LIMITS.reasonMax })}
        error={errors.reason}
        dir="auto"
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={isLoading || undefined}>
          {isLoading ? t('book.booking') : t('book.submit')}
        </Button>
      </div>
    </SavingForm>
  );
}
