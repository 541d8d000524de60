import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EDITABLE_PRESCRIPTION_STATUSES,
  MEDICATION_ROUTES,
  ZPrescriptionInput,
  type TAllergyWarning,
  type TPrescription,
  type TPrescriptionData,
  type TPrescriptionInput,
} from '@portal/shared/prescription';
import { useAppSelector } from '../../app/hooks.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { AllergyWarning } from './allergy-warning.tsx';
import { SelectField, TextAreaField, TextField } from './clinical-fields.tsx';
import { useSavePrescriptionMutation, useSuggestMedicationsQuery } from './clinical-api.ts';
import { useClinicalForm } from './use-clinical-form.ts';
import styles from './clinical.module.css';

type Values = Omit<Required<TPrescriptionInput>, 'route' | 'status'> & {
  route: TPrescriptionInput['route'] | '';
  status: 'active' | 'completed';
};

/**
 * Prescribes, or changes a prescription. The medication box suggests the practitioner's own
 * earlier medications. A medication that names an active allergy is answered with the warning
 * as a question: saved only once the prescriber ticks that they have considered it.
 */
export function PrescriptionForm({
  patientId,
  prescription,
  onDone,
}: {
  patientId: string;
  prescription?: TPrescription;
  onDone: (saved?: TPrescription) => void;
}) {
  const { t } = useTranslation('clinical');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [savePrescription] = useSavePrescriptionMutation();
  const [warning, setWarning] = useState<TAllergyWarning['allergies'] | null>(null);
  const [isAcknowledged, setIsAcknowledged] = useState(false);
  const [warningError, setWarningError] = useState<string>();
  const { form, submit, failure, messageOf } = useClinicalForm<Values, TPrescriptionData>({
    schema: ZPrescriptionInput,
    defaultValues: {
      medication: prescription?.medication ?? '',
      strength: prescription?.strength ?? '',
      dose: prescription?.dose ?? '',
      route: prescription?.route ?? '',
      frequency: prescription?.frequency ?? '',
      duration: prescription?.duration ?? '',
      endDate: prescription?.endDate ?? '',
      instructions: prescription?.instructions ?? '',
      status: prescription?.status === 'completed' ? 'completed' : 'active',
      allergyAcknowledged: false,
    },
    save: async (data) => {
      if (warning && !isAcknowledged) {
        setWarningError(t('warning.required'));
        document.getElementById(`${id}-acknowledge`)?.focus();
        return;
      }
      try {
        const input = { ...data, allergyAcknowledged: warning !== null && isAcknowledged };
        onDone(await savePrescription({ patientId, prescription, input }).unwrap());
      } catch (error) {
        const body = apiErrorOf(error) as Partial<TAllergyWarning> | undefined;
        if (body?.code !== 'ALLERGY_WARNING' || !body.allergies) throw error;
        setWarning(body.allergies);
        setIsAcknowledged(false);
        setWarningError(undefined);
      }
    },
  });
  const { register, formState, watch } = form;
  const typed = watch('medication');
  const suggestions = useSuggestMedicationsQuery(
    { viewer, query: typed.trim() },
    { skip: typed.trim().length < 2 },
  );

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={
        prescription
          ? t('medications.editTitle', { medication: prescription.medication })
          : t('medications.addTitle')
      }
      onSubmit={(event) => {
        if (formState.isSubmitting) event.preventDefault();
        else void submit(event);
      }}
    >
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <div className={styles.grid}>
        <TextField
          id={`${id}-medication`}
          label={t('medications.medication')}
          isRequired
          list={`${id}-suggestions`}
          error={messageOf('medication')}
          registration={register('medication', {
            // A different medication is a different question: the warning is asked again.
            onChange: () => setWarning(null),
          })}
        />
        <datalist id={`${id}-suggestions`}>
          {(suggestions.currentData ?? []).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <TextField
          id={`${id}-strength`}
          label={t('medications.strength')}
          error={messageOf('strength')}
          registration={register('strength')}
        />
        <TextField
          id={`${id}-dose`}
          label={t('medications.dose')}
          isRequired
          error={messageOf('dose')}
          registration={register('dose')}
        />
        <SelectField
          id={`${id}-route`}
          label={t('medications.route')}
          placeholder={t('medications.chooseRoute')}
          error={messageOf('route')}
          registration={register('route')}
          options={MEDICATION_ROUTES.map((value) => ({ value, label: t(`route.${value}`) }))}
        />
        <TextField
          id={`${id}-frequency`}
          label={t('medications.frequency')}
          isRequired
          error={messageOf('frequency')}
          registration={register('frequency')}
        />
        <TextField
          id={`${id}-duration`}
          label={t('medications.duration')}
          error={messageOf('duration')}
          registration={register('duration')}
        />
        <TextField
          id={`${id}-endDate`}
          type="date"
          label={t('medications.endDate')}
          error={messageOf('endDate')}
          registration={register('endDate')}
        />
        {prescription && (
          <SelectField
            id={`${id}-status`}
            label={t('medications.status')}
            error={messageOf('status')}
            registration={register('status')}
            options={EDITABLE_PRESCRIPTION_STATUSES.map((value) => ({
              value,
              label: t(`prescriptionStatus.${value}`),
            }))}
          />
        )}
      </div>
      <TextAreaField
        id={`${id}-instructions`}
        label={t('medications.instructions')}
        error={messageOf('instructions')}
        registration={register('instructions')}
      />
      {warning && (
        <AllergyWarning
          id={`${id}-acknowledge`}
          allergies={warning}
          isAcknowledged={isAcknowledged}
          onAcknowledge={(value) => {
            setIsAcknowledged(value);
            if (value) setWarningError(undefined);
          }}
          error={warningError}
        />
      )}
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={formState.isSubmitting || undefined}>
          {formState.isSubmitting ? t('saving') : t('medications.save')}
        </Button>
        <Button variant="secondary" onClick={() => onDone()}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
