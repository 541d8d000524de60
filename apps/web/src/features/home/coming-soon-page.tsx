import { useTranslation } from '../../i18n/use-translation.ts';
import { telHref, usePublicConfig } from '../../lib/config/public-config.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import page from '../../ui/page.module.css';
import styles from './coming-soon-page.module.css';

/** The Buy Medicine tile's target: an honest note that it is not built yet, and what works now. */
export function BuyMedicinePage() {
  const { t } = useTranslation('home');
  const config = usePublicConfig();
  return (
    <section
      className={`${page.card} ${page.centered} ${styles.page}`}
      aria-labelledby="soon-title"
    >
      <p className={styles.badge}>
        <Icon name="clock" size={18} />
        {t('comingSoon.badge')}
      </p>
      <h1 id="soon-title">{t('actions.buyMedicine.title')}</h1>
      <p className={styles.text}>{t('comingSoon.buyMedicine')}</p>
      <p className={styles.text}>{t('comingSoon.meanwhile')}</p>
      <div className={page.actions}>
        {config && (
          <a className={styles.call} href={telHref(config.contactPhone)}>
            <Icon name="phone" size={18} />
            {t('comingSoon.call')} <span dir="ltr">{config.contactPhone}</span>
          </a>
        )}
        <ButtonLink to="/" variant="secondary">
          {t('comingSoon.goHome')}
        </ButtonLink>
      </div>
    </section>
  );
}
