import { useTranslation } from '../../i18n/use-translation.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';
import { usePublicConfig } from '../../lib/config/public-config.ts';
import { useScrollToFragment } from '../../lib/a11y/fragment-target.ts';
import page from '../../ui/page.module.css';
import { ContactSupport } from './contact-support.tsx';
import { SupportQuestions } from './support-questions.tsx';
import styles from './support.module.css';

/**
 * `/support`, for everyone: answers to common questions, each with its own address
 * (`/support#refunds`), and Contact support (`/support#contact`).
 */
export function SupportPage() {
  const { t, i18n } = useTranslation('support');
  const config = usePublicConfig();
  // An address naming a question or the contact form leads there once the page is drawn.
  useScrollToFragment(true);
  const price =
    config &&
    numberFormat(i18n.language, {
      style: 'currency',
      currency: config.premiumCurrency.toUpperCase(),
    }).format(config.premiumAmount);
  return (
    <article className={`${page.card} ${styles.page}`} aria-labelledby="support-title">
      <h1 id="support-title">{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <SupportQuestions price={price} />
      <ContactSupport />
    </article>
  );
}
