import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import { Button } from '../../ui/button.tsx';
import { PatientForm } from './patient-form.tsx';
import { useGetPatientQuery, type SaveWarning } from './patients-api.ts';
import styles from './patients.module.css';

/**
 * Edit mode: the form is filled from the server's current version of the patient together
 * with its ETag, so the update can say which version it changes (If-Match).
 */
export function EditPatient({
  patient,
  focusRequest,
  onSaved,
  onCancel,
}: {
  patient: TPatient;
  focusRequest: number;
  onSaved: (patient: TPatient, warnings: SaveWarning[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('records');
  const { currentData, isError, refetch } = useGetPatientQuery(patient._id);
  // Bumped after a conflict: a fresh form from the latest version.
  const [attempt, setAttempt] = useState(0);

  if (!currentData) {
    return (
      <section className={styles.view} aria-labelledby="edit-patient-loading" aria-busy={!isError}>
        <h4 id="edit-patient-loading" className={styles.viewTitle}>
          {t('form.editTitle')}
        </h4>
        {isError ? (
          <p role="alert" className={styles.alert}>
            {t('details.loadFailed')}
          </p>
        ) : (
          <p role="status">{t('details.loading')}</p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <PatientForm
      key={`${currentData.etag ?? currentData.patient.updatedAt}-${attempt}`}
      patient={currentData.patient}
      etag={currentData.etag}
      focusRequest={focusRequest + attempt}
      onSaved={onSaved}
      onCancel={onCancel}
      onLoadLatest={() => {
        void refetch()
          .unwrap()
          .then(
            () => setAttempt((n) => n + 1),
            (error: unknown) => console.error('Reloading the patient failed', error),
          );
      }}
    />
  );
}
