import { useTranslation } from '../../i18n/use-translation.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';

/**
 * A directory read that failed: too many requests from this address (the directory's limit per
 * minute), or anything else, with Try again.
 */
export function ListFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('directory');
  const isBusy = apiErrorOf(error)?.code === 'RATE_LIMITED';
  return (
    <div className={alert.dangerWithAction} role="alert">
      <p>{t(isBusy ? 'search.busy' : 'search.failed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('search.retry')}
      </Button>
    </div>
  );
}
