import { useTranslation } from '../i18n/use-translation.ts';
import { Link } from 'react-router';

/**
 * The place of the visit's messages beside the video call (the call page's "Messages" aside).
 * For now a link to the messages; the conversation of the visit's patient takes its place once
 * the messages feature offers it. `patientId` is known to the practitioner (the appointment's);
 * null for the patient, whose linked record holds it.
 */
export function CallMessagesSlot({ patientId: _patientId }: { patientId: string | null }) {
  const { t } = useTranslation('video');
  return (
    <p>
      <Link to="/messages">{t('messages.open')}</Link>
    </p>
  );
}
