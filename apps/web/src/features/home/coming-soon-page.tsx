import { useTranslation } from '../../i18n/use-translation.ts';
import { telHref, usePublicConfig } from '../../lib/config/public-config.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import page from '../../ui/page.module.css';
import styles from './coming-soon-page.module.css';

type Service = 'bookAppointment' | 'findDoctor' | 'findHospital' | 'buyMedicine';

/** A home tile's target: an honest note that the service is not built yet, and what works now. */
function ComingSoon({ service }: { service: Service }) {
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
      <h1 id="soon-title">{t(`actions.${service}.title`)}</h1>
      <p className={styles.text}>{t(`comingSoon.${service}`)}</p>
      <p className={styles.text}>{t('comingSoon.meanwhile')}</p>
      <div className={page.actions}>
        {/* Booking is open to signed-in practitioners (app/router.tsx shows them the form). */}
        {service === 'bookAppointment' && (
          <ButtonLink to="/login">{t('comingSoon.signIn')}</ButtonLink>
        )}
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

export const BookAppointmentPage = () => <ComingSoon service="bookAppointment" />;
export const FindDoctorPage = () => <ComingSoon service="findDoctor" />;
export const FindHospitalPage = () => <ComingSoon service="findHospital" />;
export const BuyMedicinePage = () => <ComingSoon service="buyMedicine" />;
