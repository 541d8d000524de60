import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { announceWithNextPage } from '../../lib/a11y/announcer.ts';
import { getIdentityClient } from '../../lib/identity/get-identity-client.ts';
import { endSession } from '../../lib/session/session-actions.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';

/**
 * /logout: sign out of the provider, remove `user` and `firebase_token` from both
 * storages, clear the session, go to /login. A failure is only logged; the user stays signed in.
 */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [hasFailed, setHasFailed] = useState(false);
  const hasStarted = useRef(false);

  const signOut = useCallback(async () => {
    setHasFailed(false);
    try {
      await endSession({ dispatch, identity: await getIdentityClient() });
      announceWithNextPage(t('logout.signedOut'));
      await navigate('/login', { replace: true });
    } catch (error) {
      console.error('Logout failed', error);
      setHasFailed(true);
    }
  }, [dispatch, navigate, t]);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void signOut();
  }, [signOut]);

  return (
    <section
      className={`${pageStyles.card} ${pageStyles.centered}`}
      aria-labelledby="logout-title"
      aria-busy={!hasFailed}
    >
      <h1 id="logout-title">{t('logout.title')}</h1>
      {hasFailed ? (
        <div className={pageStyles.actions}>
          <Button onClick={() => void signOut()}>{t('logout.retry')}</Button>
          <ButtonLink to="/" variant="secondary">
            {t('logout.home')}
          </ButtonLink>
        </div>
      ) : (
        <p>{t('logout.inProgress')}</p>
      )}
    </section>
  );
}
