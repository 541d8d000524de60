import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import appointmentImage from './images/tile-appointment.svg';
import doctorImage from './images/tile-doctor.svg';
import hospitalImage from './images/tile-hospital.svg';
import medicineImage from './images/tile-medicine.svg';
import styles from './home-page.module.css';

const ACTIONS = [
  { key: 'bookAppointment', link: '/book-appointment', image: appointmentImage },
  { key: 'findDoctor', link: '/find-doctor', image: doctorImage },
  { key: 'findHospital', link: '/find-hospital', image: hospitalImage },
  { key: 'buyMedicine', link: '/buy-medicine', image: medicineImage },
] as const;

/** The home page's four action tiles (title, image, link). */
export function ActionTiles() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="actions-title">
      <h2 id="actions-title" className={styles.sectionTitle}>
        {t('actions.title')}
      </h2>
      <ul className={styles.tiles}>
        {ACTIONS.map((action) => (
          <li key={action.key}>
            <Link to={action.link} className={styles.tile}>
              <img src={action.image} width={96} height={96} alt="" loading="lazy" />
              <span className={styles.tileTitle}>{t(`actions.${action.key}.title`)}</span>
              <span className={styles.tileText}>{t(`actions.${action.key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
