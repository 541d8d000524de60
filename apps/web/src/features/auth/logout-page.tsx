import { useTranslation } from 'react-i18next';

export function LogoutPage() {
  const { t } = useTranslation('auth');
  return <h1>{t('logout.title')}</h1>;
}
