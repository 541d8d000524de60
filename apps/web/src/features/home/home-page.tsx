import { useTranslation } from '../../i18n/use-translation.ts';
import { telHref, usePublicConfig } from '../../lib/config/public-config.ts';
import { ActionTiles } from './action-tiles.tsx';
import { BannerCarousel, type CarouselSlide } from './banner-carousel.tsx';
import callImage from './images/banner-call.svg';
import hospitalImage from './images/banner-hospital.svg';
import premiumImage from './images/banner-premium.svg';
import patientsImage from './images/banner-patients.svg';
import { WhyChoose } from './why-choose.tsx';
import styles from './home-page.module.css';

const SLIDES = [
  { id: 'call', src: callImage, tone: 'teal' },
  { id: 'records', src: patientsImage, tone: 'blue', link: '/records' },
  { id: 'premier', src: premiumImage, tone: 'sand', link: '/premier' },
  { id: 'hospital', src: hospitalImage, tone: 'teal', link: '/find-hospital' },
] as const;

export function HomePage() {
  const { t } = useTranslation('home');
  const config = usePublicConfig();
  // The first slide calls the contact phone from the server's configuration.
  const callLink = config ? telHref(config.contactPhone) : undefined;
  const slides: CarouselSlide[] = SLIDES.map((slide) => ({
    id: slide.id,
    src: slide.src,
    tone: slide.tone,
    link: 'link' in slide ? slide.link : callLink,
    alt: t(`carousel.slides.${slide.id}.alt`),
    headline: t(`carousel.slides.${slide.id}.headline`),
    text: t(`carousel.slides.${slide.id}.text`),
    action: t(`carousel.slides.${slide.id}.action`),
  }));

  return (
    <div className={styles.home}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{t('title', { brand: t('common:brand') })}</h1>
        <p className={styles.tagline}>{t('tagline')}</p>
      </header>
      <BannerCarousel slides={slides} />
      <ActionTiles />
      <WhyChoose />
    </div>
  );
}
