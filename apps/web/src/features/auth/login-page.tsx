import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { announceWithNextPage } from '../../lib/a11y/announcer.ts';
import { getIdentityClient } from '../../lib/identity/get-identity-client.ts';
import { isRedirectPending, type IdentityClient } from '../../lib/identity/identity-client.ts';
import { prerenderedProvider } from '../../lib/identity/prerendered-provider.ts';
import { readSignInIntent } from '../../lib/session/sign-in-intent.ts';
import { startSession } from '../../lib/session/session-actions.ts';
import { useLoginMutation } from './auth-api.ts';
import { GoogleLogo, WelcomeIllustration } from './login-art.tsx';
import styles from './login-page.module.css';
import { signInErrorKey, type SignInErrorKey } from './sign-in-errors.ts';

/**
 * The login page: a welcome banner, 'Sign In to Continue' and 'Sign In with Google'.
 * On success the token is stored, the login call made, the user saved, and the user sent to /.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { returnTo, reason } = readSignInIntent(useLocation().state);
  const isSignedIn = useAppSelector((state) => state.auth.status);
  const [requestLogin] = useLoginMutation();
  const [client, setClient] = useState<IdentityClient | null>(null);
  // Busy from the start when coming back from Google's redirect, until its result is in.
  const [isBusy, setIsBusy] = useState(isRedirectPending);
  const [errorKey, setErrorKey] = useState<SignInErrorKey | null>(null);
  // Known from the prerendered page until the provider's code has loaded: no late pop-in.
  const [providerName] = useState(prerenderedProvider);

  const finishSignIn = useCallback(
    async (idToken: string) => {
      const user = await startSession({
        dispatch,
        idToken,
        requestLogin: () => requestLogin().unwrap(),
      });
      announceWithNextPage(t('login.signedIn', { name: user.name }));
      await navigate(returnTo, { replace: true });
    },
    [dispatch, navigate, requestLogin, returnTo, t],
  );

  const fail = useCallback((error: unknown) => {
    const key = signInErrorKey(error);
    if (key !== 'login.errors.cancelled') console.error('Sign-in failed', error);
    setErrorKey(key);
  }, []);

  // Load the provider early: the popup must open within the click's user activation.
  useEffect(() => {
    let isCurrent = true;
    getIdentityClient().then(
      (loaded) => isCurrent && setClient(loaded),
      (error: unknown) => {
        console.error('Sign-in provider unavailable', error);
        if (isCurrent) setIsBusy(false);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  // Coming back from Google after the redirect fallback (popup blocked).
  useEffect(() => {
    if (!client || !isRedirectPending()) return;
    // Busy until the page is left: a signed-in user is sent on by finishSignIn alone.
    client
      .completeRedirectSignIn()
      .then((idToken) => (idToken ? finishSignIn(idToken) : setIsBusy(false)))
      .catch((error: unknown) => {
        fail(error);
        setIsBusy(false);
      });
  }, [client, finishSignIn, fail]);

  async function handleSignIn() {
    // Busy is aria-disabled, not disabled: the button keeps focus, so after a cancelled popup
    // the next Tab continues from here instead of from the top of the page.
    if (isBusy) return;
    setErrorKey(null);
    setIsBusy(true);
    try {
      const identity = client ?? (await getIdentityClient());
      await finishSignIn(await identity.signIn());
      // Still busy on success: the page is being left, and a second redirect (below) would
      // replace the home page's history entry once more.
    } catch (error) {
      fail(error);
      setIsBusy(false);
    }
  }

  if (isSignedIn && !isBusy) return <Navigate to={returnTo} replace />;

  return (
    <div className={styles.page}>
      <section className={styles.banner} aria-labelledby="welcome-title">
        <WelcomeIllustration className={styles.illustration} />
        <p id="welcome-title" className={styles.welcome}>
          {t('login.welcome', { brand: t('common:brand') })}
        </p>
        <p className={styles.welcomeText}>{t('login.welcomeText')}</p>
        <ul className={styles.perks}>
          <li>{t('login.perks.records')}</li>
          <li>{t('login.perks.doctors')}</li>
          <li>{t('login.perks.privacy')}</li>
        </ul>
      </section>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          {t('login.title')}
        </h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
        {reason && <p className={styles.reason}>{t(`login.reasons.${reason}`)}</p>}
        <button
          type="button"
          className={styles.google}
          onClick={() => void handleSignIn()}
          aria-disabled={isBusy || undefined}
          aria-busy={isBusy}
        >
          <GoogleLogo className={styles.logo} />
          <span>{t('login.google')}</span>
        </button>
        <p className={styles.status} aria-live="polite">
          {isBusy ? t('login.signingIn') : ''}
        </p>
        {errorKey && (
          <p role="alert" className={styles.error}>
            {t(errorKey)}
          </p>
        )}
        {(client?.name ?? providerName) === 'local' && (
          <p className={styles.hint}>{t('login.localHint')}</p>
        )}
      </section>
    </div>
  );
}
