import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { Icon } from '../../ui/icon.tsx';
import { useCarousel } from './use-carousel.ts';
import styles from './banner-carousel.module.css';

/** The carousel advances every 3000 ms, the product's fixed pace. */
export const CAROUSEL_INTERVAL_MS = 3000;

export interface CarouselSlide {
  id: string;
  src: string;
  alt: string;
  headline: string;
  text: string;
  action: string;
  /** A route inside the portal (`/records`) or another address (`tel:…`); none yet: no link. */
  link: string | undefined;
  tone: 'teal' | 'blue' | 'sand';
}

function SlideLink({ link, children }: { link: string | undefined; children: ReactNode }) {
  if (!link) return <span className={styles.cta}>{children}</span>;
  if (link.startsWith('/'))
    return (
      <Link to={link} className={styles.cta}>
        {children}
      </Link>
    );
  return (
    <a href={link} className={styles.cta}>
      {children}
    </a>
  );
}

/**
 * The home banner, following the WAI-ARIA carousel pattern: previous/next buttons, a button
 * per slide, a stop/start button for rotation, and slides that are not shown kept out of the
 * tab order and the accessibility tree.
 */
export function BannerCarousel({
  slides,
  intervalMs = CAROUSEL_INTERVAL_MS,
}: {
  slides: CarouselSlide[];
  intervalMs?: number;
}) {
  const { t } = useTranslation('home');
  const carousel = useCarousel({ count: slides.length, intervalMs });

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={t('carousel.label')}
      {...carousel.regionProps}
    >
      <div className={styles.slides} aria-live={carousel.isRotating ? 'off' : 'polite'}>
        {slides.map((slide, position) => {
          const isCurrent = position === carousel.index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { current: position + 1, total: slides.length })}
              aria-hidden={isCurrent ? undefined : true}
              inert={!isCurrent}
              data-current={isCurrent}
              className={`${styles.slide} ${styles[slide.tone]}`}
            >
              <div className={styles.copy}>
                <p className={styles.headline}>{slide.headline}</p>
                <p className={styles.text}>{slide.text}</p>
                <SlideLink link={slide.link}>
                  {slide.action}
                  <Icon name="arrow" size={18} direction="forward" />
                </SlideLink>
              </div>
              <img
                className={styles.image}
                src={slide.src}
                alt={slide.alt}
                width={480}
                height={320}
                loading={position === 0 ? 'eager' : 'lazy'}
                fetchPriority={position === 0 ? 'high' : undefined}
              />
            </div>
          );
        })}
      </div>

      <div className={styles.controls}>
        {!carousel.isReducedMotion && (
          <Control
            label={carousel.isRotationOn ? t('carousel.stop') : t('carousel.start')}
            onClick={carousel.toggleRotation}
          >
            <Icon name={carousel.isRotationOn ? 'pause' : 'play'} size={18} />
          </Control>
        )}
        <div className={styles.dots}>
          {slides.map((slide, position) => (
            <button
              key={slide.id}
              type="button"
              className={styles.dot}
              aria-label={t('carousel.goTo', { number: position + 1 })}
              aria-current={position === carousel.index ? 'true' : undefined}
              onClick={() => carousel.goTo(position)}
            />
          ))}
        </div>
        <Control label={t('carousel.previous')} onClick={carousel.previous}>
          <Icon name="chevron" direction="backward" />
        </Control>
        <Control label={t('carousel.next')} onClick={carousel.next}>
          <Icon name="chevron" direction="forward" />
        </Control>
      </div>
    </section>
  );
}

/** One of the carousel's round buttons: an icon, named for screen readers by `label`. */
function Control({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.control} onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}
