import type { TDirectorySummary } from '@portal/shared/directory-public';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatNumber } from '../../i18n/format.ts';
import { Icon, type IconName } from '../../ui/icon.tsx';
import whyImage from './images/why-choose.svg';
import { useDirectorySummary } from './use-directory-summary.ts';
import styles from './home-page.module.css';

/**
 * The 'Why Choose' section's counters: what the directory holds, counted by the API. An empty
 * directory (a new portal) shows no figures rather than ones it cannot back up
 * (docs/decisions/0027-home-counters-from-the-directory.md).
 */
export const COUNTERS: { key: keyof TDirectorySummary; icon: IconName }[] = [
  { key: 'doctors', icon: 'stethoscope' },
  { key: 'hospitals', icon: 'hospital' },
  { key: 'clinics', icon: 'clinic' },
  { key: 'pharmacies', icon: 'pill' },
];

export function WhyChoose() {
  const { t, i18n } = useTranslation('home');
  const summary = useDirectorySummary();
  const isEmpty = summary !== undefined && COUNTERS.every(({ key }) => summary[key] === 0);
  return (
    <section className={styles.why} aria-labelledby="why-title">
      <div className={styles.whyIntro}>
        <div>
          <h2 id="why-title" className={styles.whyTitle}>
            {t('why.title', { brand: t('common:brand') })}
          </h2>
          <p className={styles.whyText}>{t('why.description')}</p>
        </div>
        <img
          className={styles.whyImage}
          src={whyImage}
          width={480}
          height={360}
          alt={t('why.imageAlt')}
          loading="lazy"
        />
      </div>
      {isEmpty ? (
        <p className={styles.countersEmpty}>{t('why.countersEmpty')}</p>
      ) : (
        // Kept in place (empty) while the counts are asked, so nothing below moves much.
        <ul className={styles.counters} aria-busy={summary === undefined}>
          {summary &&
            COUNTERS.map((counter) => (
              <li key={counter.key} className={styles.counter}>
                <Icon name={counter.icon} size={28} className={styles.counterIcon} />
                <span className={styles.count}>
                  {formatNumber(summary[counter.key], i18n.language)}
                </span>
                <span className={styles.counterLabel}>{t(`why.counters.${counter.key}`)}</span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
