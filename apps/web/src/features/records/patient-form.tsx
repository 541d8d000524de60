import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type ReactNode } from 'react';
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
import { Button } from '../../ui/button.tsx';
import { genderLabel, validationText } from './patient-text.ts';
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

/** `emergencyContact.phone` and the others: the names server `fieldErrors` may use. */
const FIELD_NAMES = new Set(fieldPaths(ZPatientInput).map((path) => path.join('.')));

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

interface ErrorBody {
  fieldErrors?: Record<string, string>;
}

function describeFailure(error: unknown): { status?: unknown; fieldErrors: [string, string][] } {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: ErrorBody };
  const fieldErrors = Object.entries(data?.fieldErrors ?? {}).filter(
    ([field, message]) => FIELD_NAMES.has(field) && typeof message === 'string',
  );
  return { status, fieldErrors };
}

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
  onSaved: (warnings: SaveWarning[]) => void;
  onCancel: () => void;
  /** Offered after a conflict (409): fetch the current version and start again from it. */
  onLoadLatest?: () => void;
}) {
  const { t } = useTranslation('records');
  const id = useId();
  const headingRef = useFocusRequest<HTMLHeadingElement>(focusRequest);
  const failureRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
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
    defaultValues: toFormValues(patient),
  });

  const isEditing = Boolean(patient);
  const titleId = `${id}-title`;
  const fieldId = (name: string) => `${id}-${name.replace('.', '-')}`;
  const errorId = (name: string) => `${fieldId(name)}-error`;

  function errorOf(name: FieldPath<PatientFormValues>): string | undefined {
    const error =
      name === 'emergencyContact.phone'
        ? errors.emergencyContact?.phone
        : errors[name as Exclude<keyof typeof errors, 'emergencyContact'>];
    return error?.message;
  }

  function a11y(name: FieldPath<PatientFormValues>) {
    const hasError = Boolean(errorOf(name));
    return {
      id: fieldId(name),
      'aria-invalid': hasError,
      ...(hasError && { 'aria-describedby': errorId(name) }),
    };
  }

  async function save(data: TPatientData) {
    setFailure(null);
    const input: TPatientData = { ...data };
    if (!input.email) delete input.email;
    try {
      if (patient) {
        await updatePatient({ id: patient._id, input, etag }).unwrap();
        onSaved([]);
      } else {
        const { warnings } = await createPatient(input).unwrap();
        onSaved(warnings);
      }
    } catch (error) {
      const { status, fieldErrors } = describeFailure(error);
      setFailure(status === 409 || status === 412 ? 'conflict' : 'saveFailed');
      for (const [field, message] of fieldErrors) {
        setError(field as FieldPath<PatientFormValues>, { type: 'server', message });
      }
      failureRef.current?.focus();
    }
  }

  function field(name: FieldPath<PatientFormValues>, label: string, control: ReactNode) {
    const message = errorOf(name);
    return (
      <div className={styles.field}>
        <label htmlFor={fieldId(name)}>{label}</label>
        {control}
        {message && (
          <p id={errorId(name)} role="alert" className={styles.fieldError}>
            {validationText(t, message)}
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      className={styles.view}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void handleSubmit(save)(event)}
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

      <div className={styles.formGrid}>
        {field(
          'name',
          t('fields.name'),
          <input
            type="text"
            autoComplete="off"
            aria-required="true"
            {...a11y('name')}
            {...register('name')}
          />,
        )}
        {field(
          'diagnosedWith',
          t('fields.diagnosedWith'),
          <input
            type="text"
            autoComplete="off"
            aria-required="true"
            {...a11y('diagnosedWith')}
            {...register('diagnosedWith')}
          />,
        )}
        {field(
          'address',
          t('fields.address'),
          <input
            type="text"
            autoComplete="off"
            aria-required="true"
            {...a11y('address')}
            {...register('address')}
          />,
        )}
        {field(
          'age',
          t('fields.age'),
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={150}
            step={1}
            aria-required="true"
            {...a11y('age')}
            {...register('age', { setValueAs: toAge })}
          />,
        )}
        {field(
          'bloodGroup',
          t('fields.bloodGroup'),
          <select aria-required="true" {...a11y('bloodGroup')} {...register('bloodGroup')}>
            <option value="">{t('form.selectBloodGroup')}</option>
            {BLOOD_GROUPS.map((group) => (
              <option key={group} value={group} dir="ltr">
                {group}
              </option>
            ))}
          </select>,
        )}
        {field(
          'gender',
          t('fields.gender'),
          <select aria-required="true" {...a11y('gender')} {...register('gender')}>
            <option value="">{t('form.selectGender')}</option>
            {PATIENT_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {genderLabel(t, gender)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'email',
          `${t('fields.email')} ${t('fields.optional')}`,
          <input type="email" autoComplete="off" {...a11y('email')} {...register('email')} />,
        )}
        {field(
          'phone',
          t('fields.phone'),
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            aria-required="true"
            {...a11y('phone')}
            {...register('phone')}
          />,
        )}
        {field(
          'emergencyContact.phone',
          t('fields.emergencyPhone'),
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            aria-required="true"
            {...a11y('emergencyContact.phone')}
            {...register('emergencyContact.phone')}
          />,
        )}
        <div className={`${styles.field} ${styles.checkboxField}`}>
          <input
            type="checkbox"
            id={fieldId('hasChronicDiseases')}
            {...register('hasChronicDiseases')}
          />
          <label htmlFor={fieldId('hasChronicDiseases')}>{t('fields.hasChronicDiseases')}</label>
        </div>
      </div>

      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('form.submitting') : isEditing ? t('form.update') : t('form.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
