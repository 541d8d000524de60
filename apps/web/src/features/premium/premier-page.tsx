import { useTranslation } from 'react-i18next';

export function PremierPage() {
  const { t } = useTranslation('premium');
  return <h1>{t('title')}</h1>;
}
