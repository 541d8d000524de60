import { useTranslation } from '../../i18n/use-translation.ts';
import { formatNumber } from '../../i18n/format.ts';
import { Icon, type IconName } from '../../ui/icon.tsx';
import whyImage from './images/why-choose.svg';
import styles from './home-page.module.css';

/** The six counters of the home page's 'Why Choose' section, with the product's figures. */
export const COUNTERS: { key: string; count: number; icon: IconName }[] = [
  { key: 'hospitals', count: 73, icon: 'hospital' },
  { key: 'clinics', count: 700, icon: 'clinic' },
  { key: 'diagnosticCentres', count: 2300, icon: 'microscope' },
  { key: 'pharmacies', count: 6000, icon: 'pill' },
  { key: 'doctors', count: 11000, icon: 'stethoscope' },
  { key: 'beds', count: 10000, icon: 'bed' },
];

export function WhyChoose() {
  const { t, i18n } = useTranslation('home');
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
      <ul className={styles.counters}>
        {COUNTERS.map((counter) => (
          <li key={counter.key} className={styles.counter}>
            <Icon name={counter.icon} size={28} className={styles.counterIcon} />
            <span className={styles.count}>{`${formatNumber(counter.count, i18n.language)}+`}</span>
            <span className={styles.counterLabel}>{t(`why.counters.${counter.key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
