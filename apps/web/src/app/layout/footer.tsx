import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../hooks.ts';
import { telHref, usePublicConfig } from '../../lib/config/public-config.ts';
import { Icon, type IconName } from '../../ui/icon.tsx';
import logo from '../../ui/images/logo.svg';
import styles from './footer.module.css';

const PRODUCT_LINKS = [
  { to: '/records', key: 'records' },
  { to: '/premier', key: 'premier' },
  { to: '/book-appointment', key: 'bookAppointment' },
  { to: '/buy-medicine', key: 'buyMedicine' },
] as const;

const USEFUL_LINKS = [
  { to: '/', key: 'home' },
  { to: '/find-doctor', key: 'findDoctor' },
  { to: '/find-hospital', key: 'findHospital' },
  { to: '/login', key: 'login' },
] as const;

const subscribeNever = () => () => {};

/**
 * The page's origin; '' while a prerendered page is hydrated (the prerender has no origin),
 * then the real one at once.
 */
function useOrigin(): string {
  return useSyncExternalStore(
    subscribeNever,
    () => window.location.origin,
    () => '',
  );
}

/** Social links share the portal itself: they work without any account of ours to point at. */
function socialLinks(
  origin: string,
  text: string,
): { key: string; icon: IconName; href: string }[] {
  const url = encodeURIComponent(`${origin}/`);
  const message = encodeURIComponent(text);
  return [
    {
      key: 'facebook',
      icon: 'facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    },
    { key: 'x', icon: 'x', href: `https://x.com/intent/post?url=${url}&text=${message}` },
    {
      key: 'linkedin',
      icon: 'linkedin',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    },
    { key: 'whatsapp', icon: 'whatsapp', href: `https://wa.me/?text=${message}%20${url}` },
    { key: 'email', icon: 'mail', href: `mailto:?subject=${message}&body=${message}%20${url}` },
  ];
}

export function Footer() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const origin = useOrigin();
  // Login is for guests, as in the side menu: a signed-in reader is not offered it.
  const isSignedIn = useAppSelector((state) => state.auth.status);
  const usefulLinks = USEFUL_LINKS.filter((link) => link.key !== 'login' || !isSignedIn);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.about} aria-labelledby="footer-brand">
          <p id="footer-brand" className={styles.brand}>
            <img src={logo} width={32} height={32} alt="" />
            {t('brand')}
          </p>
          <p className={styles.text}>{t('footer.about')}</p>
          <h2 className={styles.heading}>{t('footer.social.title', { brand: t('brand') })}</h2>
          <ul className={styles.social}>
            {socialLinks(origin, t('footer.social.message', { brand: t('brand') })).map((link) => (
              <li key={link.key}>
                <a
                  className={styles.socialLink}
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t(`footer.social.${link.key}`)} (${t('footer.newTab')})`}
                >
                  <Icon name={link.icon} />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav className={styles.column} aria-labelledby="footer-product">
          <h2 id="footer-product" className={styles.heading}>
            {t('footer.product.title')}
          </h2>
          <ul className={styles.links}>
            {PRODUCT_LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to}>{t(`footer.product.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className={styles.column} aria-labelledby="footer-useful">
          <h2 id="footer-useful" className={styles.heading}>
            {t('footer.useful.title')}
          </h2>
          <ul className={styles.links}>
            {usefulLinks.map((link) => (
              <li key={link.key}>
                <Link to={link.to}>{t(`footer.useful.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section className={styles.column} aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {t('footer.contact.title')}
          </h2>
          <p className={styles.text}>{t('footer.contact.text')}</p>
          {config && (
            <a className={styles.phone} href={telHref(config.contactPhone)}>
              <Icon name="phone" />
              <span dir="ltr">{config.contactPhone}</span>
            </a>
          )}
        </section>
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { brand: t('brand') })}</p>
    </footer>
  );
}
