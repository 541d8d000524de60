import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../ui/button.tsx';
import heroImage from './images/hero.svg';
import { PREMIUM_FEATURES } from './premium-features.ts';
import styles from './premium-page.module.css';
import type { SignInIntent } from '../../lib/session/sign-in-intent.ts';
import { usePublicConfig } from '../../lib/config/public-config.ts';
import { useCreateCheckoutSessionMutation } from './premium-api.ts';
import { redirectTo } from './redirect.ts';
import { usePaymentProviderReady } from './use-payment-provider.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';

function formatPrice(amount: number, currency: string, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount);
}

/** The Premium page: hero, six features, and the checkout form. */
export function PremiumPage() {
  const { t, i18n } = useTranslation('premium');
  const navigate = useNavigate();
  const { status: isSignedIn, userData } = useAppSelector((s) => s.auth);
  const isMember = userData?.premiumMember === true;
  const config = usePublicConfig();
  const isProviderReady = usePaymentProviderReady(config);
  const [createCheckoutSession, { isLoading }] = useCreateCheckoutSessionMutation();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const isBusy = isLoading || isRedirecting;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMember) {
      window.alert(t('form.alreadyMember'));
      return;
    }
    if (!isSignedIn) {
      const intent: SignInIntent = { returnTo: '/premier', reason: 'premier' };
      void navigate('/login', { state: intent });
      return;
    }
    if (!config || !isProviderReady || isBusy) return;
    setHasFailed(false);
    try {
      const { url } = await createCheckoutSession({ amount: config.premiumAmount }).unwrap();
      if (!url) throw new Error('The checkout answer has no url');
      setIsRedirecting(true);
      redirectTo(url);
    } catch (error) {
      console.error('Checkout could not start:', error);
      setIsRedirecting(false);
      setHasFailed(true);
    }
  }

  const label = isMember ? t('form.member') : isBusy ? t('form.processing') : t('form.submit');
  // A guest's press leads to sign-in, which needs no payment provider: never held back.
  const isWaitingForProvider = isSignedIn && !isMember && !isProviderReady;
  const notReadyId = useId();

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="premium-title">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h1 id="premium-title">{isMember ? t('memberTitle') : t('title')}</h1>
          <p className={styles.intro}>{isMember ? t('memberIntro') : t('intro')}</p>
        </div>
        <img className={styles.heroImage} src={heroImage} alt="" width={480} height={320} />
      </section>

      <section aria-labelledby="premium-features">
        <h2 id="premium-features" className={styles.sectionTitle}>
          {t('featuresTitle')}
        </h2>
        <ul className={styles.features}>
          {PREMIUM_FEATURES.map(({ key, image, to }) => (
            <li key={key} className={styles.feature}>
              <img src={image} alt="" width={64} height={64} />
              <h3>{t(`features.${key}.title`)}</h3>
              <p>{t(`features.${key}.description`)}</p>
              <Link to={to} className={styles.featureLink}>
                {t(`features.${key}.link`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.checkout} aria-label={t('checkoutLabel')}>
        {!isMember && config && (
          <p className={styles.price}>
            {t('price', {
              price: formatPrice(config.premiumAmount, config.premiumCurrency, i18n.language),
            })}
          </p>
        )}
        <form onSubmit={(event) => void handleSubmit(event)}>
          {/* aria-disabled, not disabled: the button keeps its place in the Tab order and its
              focus while it cannot act, and says why; a press then does nothing. */}
          <Button
            type="submit"
            className={styles.submit}
            aria-disabled={(isSignedIn && !isMember && isBusy) || isWaitingForProvider || undefined}
            aria-describedby={isWaitingForProvider ? notReadyId : undefined}
            aria-busy={isBusy}
          >
            {label}
          </Button>
          {isWaitingForProvider && (
            <p id={notReadyId} className="visually-hidden">
              {t('form.notReady')}
            </p>
          )}
        </form>
        {hasFailed && (
          <div className={styles.status} role="alert">
            <p className={styles.statusLine}>
              <span>{t('status.label')}</span>
              <strong>{t('status.failed')}</strong>
            </p>
            <p>{t('status.error')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
