import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
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
  { to: '/privacy', key: 'privacy' },
  { to: '/terms', key: 'terms' },
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

/**
 * A column of the footer, named by its heading (`footer.<name>.title`): its list of `links`
 * (texts `footer.<name>.<key>`), or what it holds instead.
 */
function FooterColumn({
  as: Tag,
  name,
  links,
  children,
}: {
  as: 'nav' | 'section';
  name: 'product' | 'useful' | 'contact';
  links?: readonly { to: string; key: string }[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Tag className={styles.column} aria-labelledby={`footer-${name}`}>
      <h2 id={`footer-${name}`} className={styles.heading}>
        {t(`footer.${name}.title`)}
      </h2>
      {links && (
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.key}>
              <Link to={link.to}>{t(`footer.${name}.${link.key}`)}</Link>
            </li>
          ))}
        </ul>
      )}
      {children}
    </Tag>
  );
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

        <FooterColumn as="nav" name="product" links={PRODUCT_LINKS} />

        <FooterColumn as="nav" name="useful" links={usefulLinks} />

        <FooterColumn as="section" name="contact">
          <p className={styles.text}>{t('footer.contact.text')}</p>
          {config && (
            <a className={styles.phone} href={telHref(config.contactPhone)}>
              <Icon name="phone" />
              <span dir="ltr">{config.contactPhone}</span>
            </a>
          )}
        </FooterColumn>
      </div>
      <p className={styles.copyright}>
        {t('footer.copyright', { brand: t('brand'), year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
