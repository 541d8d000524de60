import { useTranslation } from 'react-i18next';

export function PaymentCancelPage() {
  const { t } = useTranslation('premium');
  return <h1>{t('cancel.title')}</h1>;
}
