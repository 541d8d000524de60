import { useTranslation } from '../i18n/use-translation.ts';
import { Navigate, useParams } from 'react-router';
import { PrescriptionPrint } from '../features/clinical/prescription-print.tsx';
import { useGetPatientQuery } from '../features/patients/patients-api.ts';
import { useGetProfileQuery } from '../features/profile/profile-api.ts';

/**
 * `/records/patients/:id/prescriptions/print`: the patient (records) with their prescription
 * (clinical) under the prescriber's practice (profile), composed here since features stay apart.
 * A patient that is not one's own is the API's 404: the app's not-found page.
 */
export function PrescriptionPrintRoute() {
  const { t } = useTranslation('clinical');
  const { id = '' } = useParams();
  const { currentData, error } = useGetPatientQuery(id);
  // The practice as saved now, not as the session remembered it at sign-in.
  const profile = useGetProfileQuery();
  if (!currentData && error) {
    if ('status' in error && (error.status === 404 || error.status === 400))
      return <Navigate to="/not-found" replace />;
    return <p role="alert">{t('records:details.loadFailed')}</p>;
  }
  if (!currentData || profile.isLoading) return <p>{t('loading')}</p>;
  return <PrescriptionPrint patient={currentData.patient} practice={profile.data?.practice} />;
}
