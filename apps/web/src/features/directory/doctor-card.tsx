import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { TDirectoryDoctor, TDirectoryDoctorHit } from '@portal/shared/directory-public';
import { useTranslation } from '../../i18n/use-translation.ts';
import { languageName, listOf, slotWhen, specialtyName } from './directory-text.ts';
import { doctorPath } from './directory-paths.ts';
import styles from './directory.module.css';

/** Text set apart from the sentence around it: a name written right to left in an English line. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** What a card and a profile both say of a doctor: specialties, languages, where, visits. */
export function DoctorFacts({ doctor }: { doctor: TDirectoryDoctor }) {
  const { t, i18n } = useTranslation('directory');
  const language = i18n.language;
  const where = doctor.facility
    ? `${doctor.facility.name}, ${doctor.facility.city}`
    : (doctor.city ?? '');
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('card.specialties')}</dt>
        <dd>
          {listOf(
            doctor.specialties.map((code) => specialtyName(code, language)),
            language,
          )}
        </dd>
      </div>
      <div>
        <dt>{t('card.languages')}</dt>
        <dd>
          {listOf(
            doctor.languages.map((tag) => languageName(tag, language)),
            language,
          )}
        </dd>
      </div>
      {where && (
        <div>
          <dt>{t('card.where')}</dt>
          {/* The place's own words, in whatever script: laid out by their own direction. */}
          <dd dir="auto">{where}</dd>
        </div>
      )}
      <div>
        <dt>{t('card.visitKinds')}</dt>
        <dd>
          {listOf(
            doctor.visitKinds.map((kind) => t(`kinds.${kind}`)),
            language,
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * A doctor in the search results: name (their profile), what they do and where, how they book
 * online, and their next three free times, each a link that starts booking it.
 */
export function DoctorCard({
  doctor,
  shouldFocus = false,
  onFocused,
}: {
  doctor: TDirectoryDoctorHit;
  shouldFocus?: boolean;
  onFocused?: () => void;
}) {
  const { t, i18n } = useTranslation('directory');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!shouldFocus) return;
    headingRef.current?.focus();
    onFocused?.();
  }, [shouldFocus, onFocused]);
  const profile = doctorPath(doctor.publicId);
  return (
    <article className={styles.card} aria-labelledby={`doctor-${doctor.publicId}`}>
      <h3
        ref={headingRef}
        id={`doctor-${doctor.publicId}`}
        className={styles.cardTitle}
        tabIndex={-1}
      >
        <Link to={profile}>{doctor.name}</Link>
      </h3>
      <DoctorFacts doctor={doctor} />
      <p className={styles.booking} data-booking={doctor.onlineBooking}>
        {t(`onlineBooking.${doctor.onlineBooking}`)}
      </p>
      {doctor.onlineBooking !== 'off' && (
        <div className={styles.nextSlots}>
          <h4 className={styles.nextTitle}>{t('card.nextSlots')}</h4>
          {doctor.nextSlots.length === 0 ? (
            <p className={styles.muted}>{t('card.noSlots')}</p>
          ) : (
            <ul className={styles.slotLinks}>
              {doctor.nextSlots.map((slot) => {
                const when = slotWhen(slot.start, doctor.timeZone, i18n.language);
                return (
                  <li key={slot.start}>
                    <Link
                      className={styles.slotLink}
                      to={doctorPath(doctor.publicId, { slot: slot.start })}
                      aria-label={t('card.slot', { when, name: isolated(doctor.name) })}
                    >
                      {when}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      <p className={styles.profileLink}>
        <Link to={profile}>{t('card.profile')}</Link>
      </p>
    </article>
  );
}
