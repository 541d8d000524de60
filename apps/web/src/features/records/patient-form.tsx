import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BLOOD_GROUPS,
  PATIENT_GENDERS,
  ZPatientInput,
  type TPatient,
  type TPatientData,
  type TPatientInput,
} from '@portal/shared/patient';
import { fieldPaths, formValuesOf } from '@portal/shared/schema-fields';
import { applyServerFieldErrors, fieldMessageText } from '../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField, type FieldControlProps } from '../../ui/form-field.tsx';
import { genderLabel } from './patient-text.ts';
import {
  useCreatePatientMutation,
  useUpdatePatientMutation,
  type SaveWarning,
} from './records-api.ts';
import { useFocusRequest } from './use-focus-request.ts';
import styles from './records.module.css';

/** What the inputs hold: selects start empty and the age box may be blank. */
export type PatientFormValues = Omit<Required<TPatientInput>, 'age' | 'bloodGroup' | 'gender'> & {
  age: number | undefined;
  bloodGroup: TPatientInput['bloodGroup'] | '';
  gender: TPatientInput['gender'] | '';
};

/** `emergencyContact.phone` and the others, in the form's order: the names server `fieldErrors` use. */
const FIELD_NAMES = fieldPaths(ZPatientInput).map(
  (path) => path.join('.') as FieldPath<PatientFormValues>,
);

// The shared schema validates what the inputs hold; its output is what the API accepts.
const resolver = zodResolver(ZPatientInput) as unknown as Resolver<
  PatientFormValues,
  unknown,
  TPatientData
>;

function toFormValues(patient?: TPatient): PatientFormValues {
  return formValuesOf(ZPatientInput, patient) as PatientFormValues;
}

function toAge(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  return Number(value);
}

type Failure = 'saveFailed' | 'conflict';

/** What the text and phone boxes are, beside their names. */
const TEXT = { type: 'text', autoComplete: 'off', 'aria-required': true } as const;
const PHONE = { ...TEXT, type: 'tel', inputMode: 'numeric' } as const;

/** Phone fields say what they take before anything is typed. */
const PHONE_FIELDS = new Set<string>(['phone', 'emergencyContact.phone']);

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PatientFormValues, unknown, TPatientData>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver,
    // The error summary takes focus instead: one announcement, then each field in turn.
    shouldFocusError: false,
    defaultValues: toFormValues(patient),
  });

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

  function field(
    name: FieldPath<PatientFormValues>,
    label: string,
    control: (props: FieldControlProps) => ReactNode,
  ) {
    const message = errorOf(name);
    return (
      <FormField
        id={fieldId(name)}
        label={label}
        hint={PHONE_FIELDS.has(name) ? t('common:form.phoneHint') : undefined}
        error={message && fieldMessageText(t, message)}
      >
        {control}
      </FormField>
    );
  }

  const input = (
    name: FieldPath<PatientFormValues>,
    label: string,
    attributes: InputHTMLAttributes<HTMLInputElement>,
  ) => field(name, label, (props) => <input {...attributes} {...props} {...register(name)} />);

  return (
    <form
      className={styles.view}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        // Busy is aria-disabled (the button keeps focus): a second press must not save twice.
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

      <div className={styles.formGrid}>
        {input('name', t('fields.name'), TEXT)}
        {input('diagnosedWith', t('fields.diagnosedWith'), TEXT)}
        {input('address', t('fields.address'), TEXT)}
        {field('age', t('fields.age'), (props) => (
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={150}
            step={1}
            aria-required="true"
            {...props}
            {...register('age', { setValueAs: toAge })}
          />
        ))}
        {field('bloodGroup', t('fields.bloodGroup'), (props) => (
          <select aria-required="true" {...props} {...register('bloodGroup')}>
            <option value="">{t('form.selectBloodGroup')}</option>
            {BLOOD_GROUPS.map((group) => (
              <option key={group} value={group} dir="ltr">
                {group}
              </option>
            ))}
          </select>
        ))}
        {field('gender', t('fields.gender'), (props) => (
          <select aria-required="true" {...props} {...register('gender')}>
            <option value="">{t('form.selectGender')}</option>
            {PATIENT_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {genderLabel(t, gender)}
              </option>
            ))}
          </select>
        ))}
        {input('email', `${t('fields.email')} ${t('fields.optional')}`, {
          type: 'email',
          autoComplete: 'off',
        })}
        {input('phone', t('fields.phone'), PHONE)}
        {input('emergencyContact.phone', t('fields.emergencyPhone'), PHONE)}
        <div className={styles.checkboxField}>
          <input
            type="checkbox"
            id={fieldId('hasChronicDiseases')}
            {...register('hasChronicDiseases')}
          />
          <label htmlFor={fieldId('hasChronicDiseases')}>{t('fields.hasChronicDiseases')}</label>
        </div>
      </div>

      <div className={styles.actions}>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? t('form.submitting') : isEditing ? t('form.update') : t('form.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
