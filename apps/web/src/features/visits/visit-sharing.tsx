import { useId, useState } from 'react';
import { VISIT_PATIENT_SHARING, type TVisit } from '@portal/shared/visit';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SelectField } from '../../ui/control-fields.tsx';
import { useSetVisitSharingMutation } from './visits-api.ts';
import styles from './visits.module.css';

/**
 * Whether a signed visit's notes reach a patient linked to the record, saved as it is chosen.
 * Focus stays on the control: `onSaved` lets the section's status line say it was saved; a
 * refusal is said beside the control, which goes back to what is stored.
 */
export function VisitSharing({ visit, onSaved }: { visit: TVisit; onSaved: () => void }) {
  const { t } = useTranslation('visits');
  const id = useId();
  const [setSharing] = useSetVisitSharingMutation();
  const [chosen, setChosen] = useState(visit.patientSharing);
  // The stored choice, once it changes (after a save, the refreshed list), is what is shown.
  const [stored, setStored] = useState(visit.patientSharing);
  if (visit.patientSharing !== stored) {
    setStored(visit.patientSharing);
    setChosen(visit.patientSharing);
  }
  const [failure, setFailure] = useState('');

  async function choose(next: TVisit['patientSharing']) {
    const before = chosen;
    setChosen(next);
    setFailure('');
    try {
      await setSharing({ visit, sharing: next }).unwrap();
      onSaved();
    } catch {
      setChosen(before);
      setFailure(t('sharing.failed'));
    }
  }

  return (
    <div className={styles.sharing}>
      <SelectField
        id={`${id}-sharing`}
        label={t('sharing.label')}
        value={chosen}
        onChange={(event) => void choose(event.target.value as TVisit['patientSharing'])}
        options={VISIT_PATIENT_SHARING.map((value) => ({
          value,
          label: t(`sharing.${value}`),
        }))}
      />
      {failure && (
        <p role="alert" className={styles.sharingFailure}>
          {failure}
        </p>
      )}
    </div>
  );
}
