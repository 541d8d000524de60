import { useTranslation } from '../../i18n/use-translation.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage code="404" title={t('errors.notFound.message')}>
      <ButtonLink to="/">{t('errors.goHome')}</ButtonLink>
    </StatusPage>
  );
}
