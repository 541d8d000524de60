import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from '../../i18n/translator.ts';
import { useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  ageOn,
  DATE_OF_BIRTH_MIN,
  latestDateOfBirth,
  patientInputFor,
  todayInUtc,
  ZPatientInput,
  type TPatient,
  type TPatientData,
  type TPatientInput,
} from '@portal/shared/patient';
import { formFields, formValuesOf, type FormFieldSpec } from '@portal/shared/schema-fields';
import { isCalendarDate } from '@portal/shared/zoned-time';
import { useAppSelector } from '../../app/hooks.ts';
import { applyServerFieldErrors, fieldMessageText } from '../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { fieldLabel, genderLabel } from './patient-text.ts';
import {
  useCreatePatientMutation,
  useUpdatePatientMutation,
  type SaveWarning,
} from './patients-api.ts';
import { useFocusRequest } from './use-focus-request.ts';
import styles from './patients.module.css';

/** What the inputs hold: selects start empty and the age box may be blank. */
export type PatientFormValues = Omit<Required<TPatientInput>, 'age' | 'bloodGroup' | 'gender'> & {
  age: number | undefined;
  bloodGroup: TPatientInput['bloodGroup'] | '';
  gender: TPatientInput['gender'] | '';
};

/** Every field of the shared schema, in its order: a new field shows up in the form by itself. */
const FIELDS = formFields(ZPatientInput);
/** `emergencyContact.phone` and the others, in the form's order: the names server `fieldErrors` use. */
const FIELD_NAMES = FIELDS.map((field) => field.name as FieldPath<PatientFormValues>);

/**
 * The shared schema validates what the inputs hold, a phone without + read in the practice's
 * country as the API reads it; its output is what the API accepts.
 */
const resolverFor = (region: string | null) =>
  zodResolver(patientInputFor(region)) as unknown as Resolver<
    PatientFormValues,
    unknown,
    TPatientData
  >;

function toFormValues(patient?: TPatient): PatientFormValues {
  return formValuesOf(ZPatientInput, patient) as PatientFormValues;
}

/** A number box's value: blank is no number (the schema says it is required). */
function toNumber(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  return Number(value);
}

type Failure = 'saveFailed' | 'conflict';

/** Text boxes take no autofill: the person typing is staff, not the patient. */
const TEXT = { type: 'text', autoComplete: 'off' } as const;
const PHONE = { ...TEXT, type: 'tel', dir: 'ltr' } as const;

/** What a text field is beyond a plain text box; a field not named here is one. */
const TEXT_FIELDS: Record<
  string,
  { attributes: InputHTMLAttributes<HTMLInputElement>; hint?: string }
> = {
  email: { attributes: { ...TEXT, type: 'email' } },
  // Phone fields say what they take before anything is typed.
  phone: { attributes: PHONE, hint: 'common:form.phoneHint' },
  'emergencyContact.phone': { attributes: PHONE, hint: 'common:form.phoneHint' },
  // The browser's date picker writes YYYY-MM-DD whatever the reader's language.
  dateOfBirth: {
    attributes: { ...TEXT, type: 'date', min: DATE_OF_BIRTH_MIN },
    hint: 'form.dateOfBirthHint',
  },
};

/** How a choice's values read; codes such as 'AB-' stay as they are, left to right. */
const OPTION_TEXT: Record<string, (t: TFunction, value: string) => { text: string; dir?: 'ltr' }> =
  {
    bloodGroup: (_t, value) => ({ text: value, dir: 'ltr' }),
    gender: (t, value) => ({ text: genderLabel(t, value) }),
  };

/** A choice's placeholder option: `form.selectBloodGroup` for `bloodGroup`. */
const placeholderKey = (name: string) => `form.select${name[0]!.toUpperCase()}${name.slice(1)}`;

export function PatientForm({
  patient,
  etag = null,
  focusRequest,
  onSaved,
  onCancel,
  onLoadLatest,
}: {
  /** The patient being edited; absent when adding. */
  patient?: TPatient;
  /** The version the form was filled from; sent as `If-Match` so no update is lost. */
  etag?: string | null;
  focusRequest: number;
  /** The patient as the server saved it, and any warnings from a create. */
  onSaved: (patient: TPatient, warnings: SaveWarning[]) => void;
  onCancel: () => void;
  /** Offered after a conflict (409): fetch the current version and start again from it. */
  onLoadLatest?: () => void;
}) {
  const { t } = useTranslation('records');
  const id = useId();
  const headingRef = useFocusRequest<HTMLHeadingElement>(focusRequest);
  const failureRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { ref: summaryRef, request: focusSummary } = useFocusAfterRender<HTMLDivElement>();
  const [isSummaryShown, setIsSummaryShown] = useState(false);
  const [createPatient] = useCreatePatientMutation();
  const [updatePatient] = useUpdatePatientMutation();
  const region = useAppSelector((state) => state.auth.userData?.practice?.country ?? null);
  const resolver = useMemo(() => resolverFor(region), [region]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control: formControl,
    formState: { errors, isSubmitting },
  } = useForm<PatientFormValues, unknown, TPatientData>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver,
    // The error summary takes focus instead: one announcement, then each field in turn.
    shouldFocusError: false,
    defaultValues: toFormValues(patient),
  });

  // With a date of birth the API counts the age from it; the age box shows that age at once.
  const dateOfBirth = useWatch({ control: formControl, name: 'dateOfBirth' });
  useEffect(() => {
    if (!dateOfBirth || !isCalendarDate(dateOfBirth)) return;
    if (dateOfBirth < DATE_OF_BIRTH_MIN || dateOfBirth > latestDateOfBirth()) return;
    setValue('age', Math.max(0, ageOn(dateOfBirth, todayInUtc())));
  }, [dateOfBirth, setValue]);

  const isEditing = Boolean(patient);
  const titleId = `${id}-title`;
  const fieldId = (name: string) => `${id}-${name.replace('.', '-')}`;

  function errorOf(name: FieldPath<PatientFormValues>): string | undefined {
    const error =
      name === 'emergencyContact.phone'
        ? errors.emergencyContact?.phone
        : errors[name as Exclude<keyof typeof errors, 'emergencyContact'>];
    return error?.message;
  }

  function showSummary() {
    setIsSummaryShown(true);
    focusSummary();
  }

  const summaryItems = isSummaryShown
    ? FIELD_NAMES.filter((name) => errorOf(name)).map((name) => ({
        fieldId: fieldId(name),
        text: fieldMessageText(t, errorOf(name)),
      }))
    : [];

  async function save(data: TPatientData) {
    setFailure(null);
    const input: TPatientData = { ...data };
    if (!input.email) delete input.email;
    try {
      if (patient) {
        onSaved(await updatePatient({ id: patient._id, input, etag }).unwrap(), []);
      } else {
        const created = await createPatient(input).unwrap();
        onSaved(created.patient, created.warnings);
      }
    } catch (error) {
      const { status } = (error ?? {}) as { status?: unknown };
      setFailure(status === 409 || status === 412 ? 'conflict' : 'saveFailed');
      const placed = applyServerFieldErrors({ error, fields: FIELD_NAMES, setError });
      if (placed > 0) showSummary();
      else failureRef.current?.focus();
    }
  }

  /** The control of one field of the schema, tied to its label, hint and message. */
  function control(spec: FormFieldSpec) {
    const name = spec.name as FieldPath<PatientFormValues>;
    if (spec.kind === 'boolean') {
      return (
        <div key={name} className={styles.checkboxField}>
          <input type="checkbox" id={fieldId(name)} {...register(name)} />
          <label htmlFor={fieldId(name)}>{fieldLabel(t, name)}</label>
        </div>
      );
    }
    const message = errorOf(name);
    const required = spec.isOptional ? {} : { 'aria-required': true };
    const text = TEXT_FIELDS[name];
    return (
      <FormField
        key={name}
        id={fieldId(name)}
        label={
          spec.isOptional ? `${fieldLabel(t, name)} ${t('fields.optional')}` : fieldLabel(t, name)
        }
        hint={text?.hint && t(text.hint)}
        error={message && fieldMessageText(t, message)}
      >
        {(props) => {
          if (spec.kind === 'number') {
            return (
              <input
                type="number"
                inputMode="numeric"
                min={spec.min}
                max={spec.max}
                step={1}
                {...required}
                {...props}
                {...register(name, { setValueAs: toNumber })}
              />
            );
          }
          if (spec.kind === 'choice') {
            const optionText = OPTION_TEXT[name] ?? ((_t, value: string) => ({ text: value }));
            return (
              <select {...required} {...props} {...register(name)}>
                <option value="">{t(placeholderKey(name))}</option>
                {spec.options.map((value) => {
                  const option = optionText(t, value);
                  return (
                    <option key={value} value={value} dir={option.dir}>
                      {option.text}
                    </option>
                  );
                })}
              </select>
            );
          }
          return (
            <input {...(text?.attributes ?? TEXT)} {...required} {...props} {...register(name)} />
          );
        }}
      </FormField>
    );
  }

  return (
    <form
      className={styles.view}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        // Busy is aria-disabled (the button keeps focus): a second press must not save twice.
        // submitUnlessBusy's guard written out: `save` reads refs, and the React compiler's rule
        // refuses a handler built from it during render.
        if (isSubmitting) event.preventDefault();
        else void handleSubmit(save, showSummary)(event);
      }}
    >
      <h4 id={titleId} ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        {isEditing ? t('form.editTitle') : t('form.addTitle')}
      </h4>

      <div ref={failureRef} tabIndex={-1} className={styles.failureSlot}>
        {failure && (
          <div role="alert" className={styles.alert}>
            <p>{t(`form.${failure}`)}</p>
            {failure === 'conflict' && onLoadLatest && (
              <Button variant="secondary" onClick={onLoadLatest}>
                {t('form.loadLatest')}
              </Button>
            )}
          </div>
        )}
      </div>

      <ErrorSummary ref={summaryRef} items={summaryItems} />

      <div className={styles.formGrid}>{FIELDS.map(control)}</div>

      <FormActions
        className={styles.actions}
        isBusy={isSubmitting}
        label={isEditing ? t('form.update') : t('form.create')}
        busyLabel={t('form.submitting')}
        cancelLabel={t('form.cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}
