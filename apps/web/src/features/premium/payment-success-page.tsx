import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Navigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { updatePremiumStatus } from '../../lib/session/auth-slice.ts';
import { ButtonLink } from '../../ui/button.tsx';
import successImage from './images/success.svg';
import { SUCCESS_PERKS } from './premium-features.ts';
import { useUpdateSubscriptionMutation } from './premium-api.ts';
import styles from './result-page.module.css';

/**
 * Payment success: on load it asks the server to confirm the checkout named by
 * `session_id`; only a 200 marks the stored session premium. A failure is only logged.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation('premium');
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector((s) => s.auth.status);
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const [updateSubscription] = useUpdateSubscriptionMutation();
  const hasAsked = useRef(false);

  useEffect(() => {
    if (!isSignedIn || hasAsked.current) return;
    hasAsked.current = true;
    updateSubscription({ sessionId })
      .unwrap()
      .then(
        () => dispatch(updatePremiumStatus(true)),
        (error: unknown) => console.error('Subscription update failed:', error),
      );
  }, [dispatch, isSignedIn, sessionId, updateSubscription]);

  if (!isSignedIn) return <Navigate to="/protected" replace />;

  return (
    <section className={styles.page} aria-labelledby="success-title">
      <img className={styles.illustration} src={successImage} alt="" width={120} height={120} />
      <h1 id="success-title">{t('success.title')}</h1>
      <p className={styles.lead}>{t('success.subtitle')}</p>
      <h2 className={styles.listTitle}>{t('success.perksTitle')}</h2>
      <ul className={styles.list}>
        {SUCCESS_PERKS.map((key) => (
          <li key={key}>{t(`success.perks.${key}`)}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <ButtonLink to="/">{t('success.goHome')}</ButtonLink>
      </div>
    </section>
  );
}
