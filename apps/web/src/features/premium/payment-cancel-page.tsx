import { useTranslation } from '../../i18n/use-translation.ts';
import { ButtonLink } from '../../ui/button.tsx';
import cancelImage from './images/cancel.svg';
import { CANCEL_REASONS } from './premium-features.ts';
import styles from './result-page.module.css';

/** Payment cancel: nothing was charged; try again or go home. */
export function PaymentCancelPage() {
  const { t } = useTranslation('premium');
  return (
    <section className={styles.page} aria-labelledby="cancel-title">
      <img className={styles.illustration} src={cancelImage} alt="" width={120} height={120} />
      <h1 id="cancel-title">{t('cancel.title')}</h1>
      <p className={styles.lead}>{t('cancel.message')}</p>
      <div className={styles.actions}>
        <ButtonLink to="/premier">{t('cancel.tryAgain')}</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {t('cancel.returnHome')}
        </ButtonLink>
      </div>
      <h2 className={styles.listTitle}>{t('cancel.whyTitle')}</h2>
      <ul className={styles.list}>
        {CANCEL_REASONS.map((key) => (
          <li key={key}>{t(`cancel.reasons.${key}`)}</li>
        ))}
      </ul>
    </section>
  );
}
