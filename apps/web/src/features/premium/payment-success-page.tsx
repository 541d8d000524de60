import { useTranslation } from 'react-i18next';

export function PaymentSuccessPage() {
  const { t } = useTranslation('premium');
  return <h1>{t('success.title')}</h1>;
}
