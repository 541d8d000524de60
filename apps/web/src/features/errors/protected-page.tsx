import { useTranslation } from '../../i18n/use-translation.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { StatusPage } from './status-page.tsx';

export function ProtectedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage title={t('errors.protected.title')}>
      <p>{t('errors.protected.message')}</p>
      <ButtonLink to="/login">{t('errors.goToLogin')}</ButtonLink>
    </StatusPage>
  );
}
