import { useTranslation } from '../../i18n/use-translation.ts';
import type { TAllergy } from '@portal/shared/allergy';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { AllergyForm } from './allergy-form.tsx';
import { allergyMatchText } from './allergy-match-text.ts';
import { ClinicalSection } from './clinical-section.tsx';
import { useListAllergiesQuery } from './clinical-api.ts';
import styles from './clinical.module.css';

/** In a patient's details (composed by app/): the patient's allergies, to record and change. */
export function PatientAllergies({ patient }: { patient: TPatient }) {
  const { t } = useTranslation('clinical');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useListAllergiesQuery({ viewer, patientId: patient._id });
  /** The active medications a saved allergy warns for, each with why; none: nothing to show. */
  const matchesOf = ({ substance, matchingPrescriptions }: TAllergy) =>
    matchingPrescriptions.length === 0
      ? undefined
      : {
          title: t('allergies.matches', { count: matchingPrescriptions.length }),
          lines: matchingPrescriptions.map((match) => ({
            id: match.prescriptionId,
            text: allergyMatchText(t, { substance, ...match }),
          })),
        };

  return (
    <ClinicalSection<TAllergy>
      kind="allergies"
      query={query}
      renderSummary={(allergy) => (
        <p className={styles.summary}>
          <span className={styles.name}>{allergy.substance}</span>
          <span>{t(`severity.${allergy.severity}`)}</span>
          {allergy.reaction && <span>{allergy.reaction}</span>}
          <span className={styles.muted}>{t(`allergyStatus.${allergy.status}`)}</span>
        </p>
      )}
      actions={(allergy) => [
        { action: 'edit', label: t('allergies.edit', { substance: allergy.substance }) },
      ]}
      renderPanel={({ item }, done) => (
        <AllergyForm
          patientId={patient._id}
          allergy={item}
          onDone={(saved) =>
            done(
              saved && {
                message: t('allergies.saved', { substance: saved.substance }),
                details: matchesOf(saved),
                item: saved,
              },
            )
          }
        />
      )}
    />
  );
}
