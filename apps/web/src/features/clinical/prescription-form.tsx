import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
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
import { SelectField, TextAreaField } from '../../ui/control-fields.tsx';
import { AllergyWarning } from './allergy-warning.tsx';
import { ClinicalForm } from './clinical-form.tsx';
import { TextField } from './clinical-fields.tsx';
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
 * as a question: saved only once the prescriber ticks that they have considered it. A new
 * prescription may start from an earlier one (`startFrom`) and be sent by another route
 * (`submit`: approving a refill), with the same warning.
 */
export function PrescriptionForm({
  patientId,
  prescription,
  startFrom,
  submit,
  label,
  onDone,
}: {
  patientId: string;
  prescription?: TPrescription;
  /** The prescription a new one is filled in from. */
  startFrom?: TPrescription;
  /** Saves a new prescription elsewhere than `POST …/prescriptions`; answers what was saved. */
  submit?: (input: TPrescriptionData) => Promise<TPrescription>;
  label?: string;
  onDone: (saved?: TPrescription) => void;
}) {
  const { t } = useTranslation('clinical');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [savePrescription] = useSavePrescriptionMutation();
  const [warning, setWarning] = useState<{
    medication: string;
    allergies: TAllergyWarning['allergies'];
  } | null>(null);
  const [isAcknowledged, setIsAcknowledged] = useState(false);
  const [warningError, setWarningError] = useState<string>();
  const filled = prescription ?? startFrom;
  const { form, id, field, frame } = useClinicalForm<Values, TPrescriptionData>({
    schema: ZPrescriptionInput,
    defaultValues: {
      medication: filled?.medication ?? '',
      strength: filled?.strength ?? '',
      dose: filled?.dose ?? '',
      route: filled?.route ?? '',
      frequency: filled?.frequency ?? '',
      duration: filled?.duration ?? '',
      // An earlier prescription's last day is over: the new one gets its own.
      endDate: prescription?.endDate ?? '',
      instructions: filled?.instructions ?? '',
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
        onDone(
          submit && !prescription
            ? await submit(input)
            : await savePrescription({ patientId, prescription, input }).unwrap(),
        );
      } catch (error) {
        const body = apiErrorOf(error) as Partial<TAllergyWarning> | undefined;
        if (body?.code !== 'ALLERGY_WARNING' || !body.allergies) throw error;
        setWarning({ medication: data.medication, allergies: body.allergies });
        setIsAcknowledged(false);
        setWarningError(undefined);
      }
    },
  });
  const typed = form.watch('medication');
  const suggestions = useSuggestMedicationsQuery(
    { viewer, query: typed.trim() },
    { skip: typed.trim().length < 2 },
  );
  /** A free-text field, labelled by its name. */
  const textField = (
    name: 'strength' | 'dose' | 'frequency' | 'duration' | 'endDate',
    { isRequired = false, type = 'text' }: { isRequired?: boolean; type?: 'text' | 'date' } = {},
  ) => (
    <TextField
      {...field(name)}
      type={type}
      label={t(`medications.${name}`)}
      isRequired={isRequired}
    />
  );

  return (
    <ClinicalForm
      {...frame}
      label={
        label ??
        (prescription
          ? t('medications.editTitle', { medication: prescription.medication })
          : t('medications.addTitle'))
      }
      saveLabel={t('medications.save')}
      onCancel={() => onDone()}
    >
      <div className={styles.grid}>
        <TextField
          {...field('medication', {
            // A different medication is a different question: the warning is asked again.
            onChange: () => setWarning(null),
          })}
          label={t('medications.medication')}
          isRequired
          list={`${id}-suggestions`}
        />
        <datalist id={`${id}-suggestions`}>
          {(suggestions.currentData ?? []).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {textField('strength')}
        {textField('dose', { isRequired: true })}
        <SelectField
          {...field('route')}
          label={t('medications.route')}
          aria-required
          emptyChoice={t('medications.chooseRoute')}
          options={MEDICATION_ROUTES.map((value) => ({ value, label: t(`route.${value}`) }))}
        />
        {textField('frequency', { isRequired: true })}
        {textField('duration')}
        {textField('endDate', { type: 'date' })}
        {prescription && (
          <SelectField
            {...field('status')}
            label={t('medications.status')}
            options={EDITABLE_PRESCRIPTION_STATUSES.map((value) => ({
              value,
              label: t(`prescriptionStatus.${value}`),
            }))}
          />
        )}
      </div>
      <TextAreaField {...field('instructions')} label={t('medications.instructions')} rows={3} />
      {warning && (
        <AllergyWarning
          id={`${id}-acknowledge`}
          medication={warning.medication}
          allergies={warning.allergies}
          isAcknowledged={isAcknowledged}
          onAcknowledge={(value) => {
            setIsAcknowledged(value);
            if (value) setWarningError(undefined);
          }}
          error={warningError}
        />
      )}
    </ClinicalForm>
  );
}
