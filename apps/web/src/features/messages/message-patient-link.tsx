import { useTranslation } from '../../i18n/use-translation.ts';
import { ButtonLink } from '../../ui/button.tsx';
import type { NewThreadState } from './new-thread-page.tsx';
import { isolated } from './messages-text.ts';
import styles from './messages.module.css';

/** The address of a new conversation about a patient (the name travels in the history state). */
export const newThreadPath = (patientId: string) =>
  `/messages/new?patientId=${encodeURIComponent(patientId)}`;

/** "Message": a new conversation about this patient, from the patient's details. */
export function MessagePatientLink({
  patientId,
  patientName,
}: {
  patientId: string;
  patientName: string;
}) {
  const { t } = useTranslation('messages');
  const state: NewThreadState = { patientName };
  return (
    <p className={styles.actionLine}>
      <ButtonLink
        variant="secondary"
        to={newThreadPath(patientId)}
        state={state}
        aria-label={t('actionLabel', { name: isolated(patientName) })}
      >
        {t('action')}
      </ButtonLink>
    </p>
  );
}
