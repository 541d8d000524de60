import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PrescriptionPrint } from '../features/clinical/prescription-print.tsx';
import { useGetPatientQuery } from '../features/patients/patients-api.ts';
import { useGetProfileQuery } from '../features/profile/profile-api.ts';

/**
 * `/records/patients/:id/prescriptions/print`: the patient (records) with their prescription
 * (clinical) under the prescriber's practice (profile), composed here since features stay apart.
 * A patient that is not one's own is the API's 404, which the error catalogue turns into its page.
 */
export function PrescriptionPrintRoute() {
  const { t } = useTranslation('clinical');
  const { id = '' } = useParams();
  const { currentData } = useGetPatientQuery(id);
  // The practice as saved now, not as the session remembered it at sign-in.
  const profile = useGetProfileQuery();
  if (!currentData || profile.isLoading) return <p>{t('loading')}</p>;
  return <PrescriptionPrint patient={currentData.patient} practice={profile.data?.practice} />;
}
