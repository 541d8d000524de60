import { useTranslation } from 'react-i18next';

function ComingSoon({ page }: { page: string }) {
  const { t } = useTranslation('home');
  return <h1>{t(`comingSoon.${page}`)}</h1>;
}

export const BookAppointmentPage = () => <ComingSoon page="bookAppointment" />;
export const FindDoctorPage = () => <ComingSoon page="findDoctor" />;
export const FindHospitalPage = () => <ComingSoon page="findHospital" />;
export const BuyMedicinePage = () => <ComingSoon page="buyMedicine" />;
