import { useTranslation } from 'react-i18next';

export function RecordsPage() {
  const { t } = useTranslation('records');
  return <h1>{t('heading')}</h1>;
}
