import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  bmiOf,
  SOAP_SECTIONS,
  VISIT_LIMITS,
  VITAL_SIGNS,
  ZVisitInput,
  type TVisit,
  type TVitalSign,
} from '@portal/shared/visit';
import { formatNumber } from '../../i18n/format.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import {
  apiErrorsByField,
  schemaErrorsByField,
  summaryItemsOf,
} from '../../lib/forms/own-field-errors.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { InputField, SelectField, TextAreaField } from '../../ui/control-fields.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { useFailure } from '../../ui/failure-alert.tsx';
import { SavingForm } from '../../ui/saving-form.tsx';
import { localInputValue, VITAL_ORDER } from './visit-text.ts';
import { useCreateVisitMutation, useUpdateVisitMutation } from './visits-api.ts';
import styles from './visits.module.css';

type Field =
  'occurredAt' | 'reason' | 'appointmentId' | TVitalSign | (typeof SOAP_SECTIONS)[number];
const FIELDS: readonly Field[] = [
  'occurredAt',
  'reason',
  'appointmentId',
  ...VITAL_ORDER,
  ...SOAP_SECTIONS,
];
type Texts = Record<Field, string>;
/** The schema's paths are the fields' names. */
const fieldOfPath = (path: string) => FIELDS.find((field) => field === path);

/**
 * One of the patient's appointments a visit may close, as app/ lists them (features stay apart):
 * `isOpen` for booked or arrived ones, which are offered; a fulfilled one only stays on the visit
 * that already closed it.
 */
export interface AppointmentChoice {
  id: string;
  label: string;
  isOpen: boolean;
}

/**
 * What the inputs hold: text, as typed; numbers are read when the form is checked. A draft being
 * edited starts from what it holds, a new visit from now.
 */
function initialTexts(visit: TVisit | undefined, now: Date, appointmentId = ''): Texts {
  const texts = Object.fromEntries(FIELDS.map((field) => [field, ''])) as Texts;
  texts.occurredAt = localInputValue(visit ? new Date(visit.occurredAt) : now);
  texts.appointmentId = appointmentId;
  if (!visit) return texts;
  texts.reason = visit.reason;
  texts.appointmentId = visit.appointmentId ?? '';
  for (const key of VITAL_ORDER) texts[key] = visit[key] === null ? '' : String(visit[key]);
  for (const section of SOAP_SECTIONS) texts[section] = visit[section];
  return texts;
}

/** A typed number, or null for an empty box; a word stays text so the schema refuses it. */
function numberOf(text: string): number | null | string {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/**
 * Records a visit, or changes a draft (`visit`, unsigned): when, why, the appointment it closes,
 * the vital signs (units shown, BMI computed as they are typed) and the SOAP notes. Checked with
 * the API's own schema; the API's field messages land on the fields, and focus goes to the
 * summary of what to fix. A new visit may start with `appointmentId` chosen; with
 * `isFocusedOnOpen`, focus goes to the form's heading as it opens (a new visit's form).
 */
export function VisitForm({
  patientId,
  visit,
  appointments,
  appointmentId,
  isFocusedOnOpen = false,
  onSaved,
  onCancel,
}: {
  patientId: string;
  visit?: TVisit;
  /** The patient's appointments (undefined while loading or unknown: no choice is offered). */
  appointments?: readonly AppointmentChoice[];
  appointmentId?: string;
  isFocusedOnOpen?: boolean;
  onSaved: (visit: TVisit) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('visits');
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  // The form opens on a click, in the browser: reading the clock here cannot break hydration.
  const [texts, setTexts] = useState<Texts>(() => initialTexts(visit, new Date(), appointmentId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isFocusedOnOpen) headingRef.current?.focus();
  }, [isFocusedOnOpen]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const failure = useFailure();
  const { ref: summaryRef, request: focusSummary } = useFocusAfterRender<HTMLDivElement>();
  const [createVisit, { isLoading: isCreating }] = useCreateVisitMutation();
  const [updateVisit, { isLoading: isUpdating }] = useUpdateVisitMutation();
  const isLoading = isCreating || isUpdating;
  // Open appointments, and the one this draft already closed (fulfilled by it).
  const choices = (appointments ?? []).filter(
    (choice) => choice.isOpen || choice.id === visit?.appointmentId,
  );
  const hasUnlistedAppointment =
    Boolean(visit?.appointmentId) && !choices.some((choice) => choice.id === visit?.appointmentId);

  const set = (field: Field) => (value: string) => setTexts((old) => ({ ...old, [field]: value }));
  const weight = numberOf(texts.weight);
  const height = numberOf(texts.height);
  const bmi =
    typeof weight === 'number' && typeof height === 'number' ? bmiOf({ weight, height }) : null;

  function parse() {
    const occurredAt = Date.parse(texts.occurredAt);
    const input: Record<string, unknown> = {
      occurredAt: Number.isNaN(occurredAt) ? '' : new Date(occurredAt).toISOString(),
      reason: texts.reason,
      appointmentId: texts.appointmentId || null,
    };
    for (const key of VITAL_ORDER) input[key] = numberOf(texts[key]);
    for (const section of SOAP_SECTIONS) input[section] = texts[section];
    return ZVisitInput.safeParse(input);
  }

  async function submit() {
    failure.clear();
    const parsed = parse();
    if (!parsed.success) {
      setErrors(schemaErrorsByField(t, parsed.error, fieldOfPath));
      focusSummary();
      return;
    }
    setErrors({});
    try {
      onSaved(
        await (
          visit
            ? updateVisit({ visit, input: parsed.data })
            : createVisit({ patientId, input: parsed.data })
        ).unwrap(),
      );
    } catch (error) {
      const placed = apiErrorsByField(t, error, fieldOfPath);
      if (Object.keys(placed).length > 0) {
        setErrors(placed);
        focusSummary();
        return;
      }
      const code = apiErrorOf(error)?.code;
      failure.show(
        t(code === 'VISIT_CHANGED' || code === 'VISIT_SIGNED' ? 'form.changed' : 'form.failed'),
      );
    }
  }

  const labelOf = (field: Field) =>
    (VITAL_ORDER as readonly string[]).includes(field) ? t(`vitals.${field}`) : t(`form.${field}`);
  const summaryItems = summaryItemsOf({ fields: FIELDS, errors, fieldId, labelOf });
  const textProps = (field: Field) => ({
    value: texts[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  });

  return (
    <SavingForm
      className={styles.form}
      label={visit ? t('form.editLabel') : t('form.label')}
      isBusy={isLoading}
      onSubmit={submit}
      failure={failure}
    >
      <h6 ref={headingRef} tabIndex={-1} className={styles.formTitle}>
        {visit ? t('form.editLabel') : t('form.label')}
      </h6>
      <ErrorSummary ref={summaryRef} items={summaryItems} />
      <div className={styles.grid}>
        <InputField
          id={fieldId('occurredAt')}
          label={t('form.occurredAt')}
          error={errors.occurredAt}
          type="datetime-local"
          {...textProps('occurredAt')}
        />
        <InputField
          id={fieldId('reason')}
          label={`${t('form.reason')} ${t('form.optional')}`}
          error={errors.reason}
          maxLength={VISIT_LIMITS.reasonMax}
          {...textProps('reason')}
        />
        {(choices.length > 0 || hasUnlistedAppointment) && (
          <SelectField
            id={fieldId('appointmentId')}
            label={t('form.appointmentId')}
            error={errors.appointmentId}
            {...textProps('appointmentId')}
            emptyChoice={t('form.noAppointment')}
            options={[
              ...(hasUnlistedAppointment
                ? [{ value: visit?.appointmentId ?? '', label: t('form.closedAppointment') }]
                : []),
              ...choices.map((choice) => ({ value: choice.id, label: choice.label })),
            ]}
          />
        )}
      </div>
      <fieldset className={styles.fieldset}>
        <legend>{t('form.vitals')}</legend>
        <div className={styles.vitals}>
          {VITAL_ORDER.map((key) => (
            <InputField
              key={key}
              id={fieldId(key)}
              label={t(`vitals.${key}`)}
              hint={t('form.range', {
                min: formatNumber(VITAL_SIGNS[key].min),
                max: formatNumber(VITAL_SIGNS[key].max),
                unit: t(`unitNames.${key}`),
              })}
              error={errors[key]}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              {...textProps(key)}
            />
          ))}
          <div className={styles.bmi}>
            <span id={`${id}-bmi-label`}>{t('vitals.bmi')}</span>
            <output
              aria-labelledby={`${id}-bmi-label`}
              htmlFor={`${fieldId('weight')} ${fieldId('height')}`}
            >
              {bmi === null ? t('form.bmiUnknown') : t('units.bmi', { value: formatNumber(bmi) })}
            </output>
          </div>
        </div>
      </fieldset>
      {SOAP_SECTIONS.map((section) => (
        <TextAreaField
          key={section}
          id={fieldId(section)}
          label={`${t(`form.${section}`)} ${t('form.optional')}`}
          error={errors[section]}
          rows={3}
          {...textProps(section)}
        />
      ))}
      <FormActions
        className={styles.actions}
        isBusy={isLoading}
        label={t('form.save')}
        busyLabel={t('form.saving')}
        cancelLabel={t('form.cancel')}
        onCancel={onCancel}
      />
    </SavingForm>
  );
}
