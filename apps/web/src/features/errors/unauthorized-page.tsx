import { useTranslation } from '../../i18n/use-translation.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { StatusPage } from './status-page.tsx';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage code="403" title={t('errors.unauthorized.message')}>
      <ButtonLink to="/login">{t('errors.goToLogin')}</ButtonLink>
      <ButtonLink to="/" variant="secondary">
        {t('errors.goHome')}
      </ButtonLink>
    </StatusPage>
  );
}
