import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALLERGY_SEVERITIES,
  ALLERGY_STATUSES,
  ZAllergyInput,
  type TAllergy,
  type TAllergyData,
  type TAllergyInput,
} from '@portal/shared/allergy';
import { Button } from '../../ui/button.tsx';
import { SelectField, TextField } from './clinical-fields.tsx';
import { useSaveAllergyMutation } from './clinical-api.ts';
import { useClinicalForm } from './use-clinical-form.ts';
import styles from './clinical.module.css';

type Values = Omit<Required<TAllergyInput>, 'severity'> & {
  severity: TAllergyInput['severity'] | '';
};

/** Records an allergy, or changes one (its status: resolved allergies no longer warn). */
export function AllergyForm({
  patientId,
  allergy,
  onDone,
}: {
  patientId: string;
  allergy?: TAllergy;
  /** The saved allergy, or undefined when the reader cancelled. */
  onDone: (saved?: TAllergy) => void;
}) {
  const { t } = useTranslation('clinical');
  const id = useId();
  const [saveAllergy] = useSaveAllergyMutation();
  const { form, submit, failure, messageOf } = useClinicalForm<Values, TAllergyData>({
    schema: ZAllergyInput,
    defaultValues: {
      substance: allergy?.substance ?? '',
      reaction: allergy?.reaction ?? '',
      severity: allergy?.severity ?? '',
      status: allergy?.status ?? 'active',
    },
    save: async (input) => onDone(await saveAllergy({ patientId, allergy, input }).unwrap()),
  });
  const { register, formState } = form;

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={
        allergy
          ? t('allergies.editTitle', { substance: allergy.substance })
          : t('allergies.addTitle')
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
          id={`${id}-substance`}
          label={t('allergies.substance')}
          isRequired
          error={messageOf('substance')}
          registration={register('substance')}
        />
        <TextField
          id={`${id}-reaction`}
          label={t('allergies.reaction')}
          error={messageOf('reaction')}
          registration={register('reaction')}
        />
        <SelectField
          id={`${id}-severity`}
          label={t('allergies.severity')}
          placeholder={t('allergies.choose')}
          error={messageOf('severity')}
          registration={register('severity')}
          options={ALLERGY_SEVERITIES.map((value) => ({ value, label: t(`severity.${value}`) }))}
        />
        <SelectField
          id={`${id}-status`}
          label={t('allergies.status')}
          error={messageOf('status')}
          registration={register('status')}
          options={ALLERGY_STATUSES.map((value) => ({ value, label: t(`allergyStatus.${value}`) }))}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={formState.isSubmitting || undefined}>
          {formState.isSubmitting ? t('saving') : t('allergies.save')}
        </Button>
        <Button variant="secondary" onClick={() => onDone()}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
