import { useTranslation } from '../../i18n/use-translation.ts';
import {
  ALLERGY_SEVERITIES,
  ALLERGY_STATUSES,
  ZAllergyInput,
  type TAllergy,
  type TAllergyData,
  type TAllergyInput,
} from '@portal/shared/allergy';
import { SelectField } from '../../ui/control-fields.tsx';
import { ClinicalForm } from './clinical-form.tsx';
import { TextField } from './clinical-fields.tsx';
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
  const [saveAllergy] = useSaveAllergyMutation();
  const { field, frame } = useClinicalForm<Values, TAllergyData>({
    schema: ZAllergyInput,
    defaultValues: {
      substance: allergy?.substance ?? '',
      reaction: allergy?.reaction ?? '',
      severity: allergy?.severity ?? '',
      status: allergy?.status ?? 'active',
    },
    save: async (input) => onDone(await saveAllergy({ patientId, allergy, input }).unwrap()),
  });

  return (
    <ClinicalForm
      {...frame}
      label={
        allergy
          ? t('allergies.editTitle', { substance: allergy.substance })
          : t('allergies.addTitle')
      }
      saveLabel={t('allergies.save')}
      onCancel={() => onDone()}
    >
      <div className={styles.grid}>
        <TextField {...field('substance')} label={t('allergies.substance')} isRequired />
        <TextField {...field('reaction')} label={t('allergies.reaction')} />
        <SelectField
          {...field('severity')}
          label={t('allergies.severity')}
          aria-required
          emptyChoice={t('allergies.choose')}
          options={ALLERGY_SEVERITIES.map((value) => ({ value, label: t(`severity.${value}`) }))}
        />
        <SelectField
          {...field('status')}
          label={t('allergies.status')}
          options={ALLERGY_STATUSES.map((value) => ({ value, label: t(`allergyStatus.${value}`) }))}
        />
      </div>
    </ClinicalForm>
  );
}
