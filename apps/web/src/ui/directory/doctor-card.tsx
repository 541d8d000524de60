import type { TDirectoryDoctor } from '@portal/shared/directory-public';
import { useDirectoryNames } from '../../lib/directory/directory-names.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './doctor-card.module.css';

/**
 * A practitioner's card as the public directory shows it to patients: name, picture, specialties,
 * where, languages, kinds of visit, online booking and the introduction. The practitioner's
 * listing previews it and a reviewer checks it; its texts are the `listing` namespace's `card`.
 */
export function DoctorCard({
  doctor,
  headingLevel = 3,
}: {
  doctor: Pick<
    TDirectoryDoctor,
    | 'name'
    | 'picture'
    | 'specialties'
    | 'languages'
    | 'bio'
    | 'visitKinds'
    | 'onlineBooking'
    | 'city'
  > & { facilityName: string | null };
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation('listing');
  const names = useDirectoryNames();
  const Heading = `h${headingLevel}` as const;
  const where = [doctor.facilityName, doctor.city].filter(Boolean).join(', ');
  const list = (items: string[]) =>
    items.length === 0 ? (
      <span className={styles.missing}>{t('card.none')}</span>
    ) : (
      names.list(items)
    );
  return (
    <div className={styles.card}>
      <div className={styles.top}>
        {doctor.picture ? (
          <img src={doctor.picture} alt="" className={styles.picture} />
        ) : (
          <span className={styles.picture} aria-hidden="true">
            {doctor.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <Heading className={styles.name} dir="auto">
            {doctor.name}
          </Heading>
          <p className={styles.specialties}>{list(doctor.specialties.map(names.specialtyName))}</p>
          {where && (
            <p className={styles.where} dir="auto">
              {where}
            </p>
          )}
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('card.languages')}</dt>
          <dd>{list(doctor.languages.map(names.languageName))}</dd>
        </div>
        <div>
          <dt>{t('card.visitKinds')}</dt>
          <dd>{list(doctor.visitKinds.map((kind) => t(`visitKinds.${kind}`)))}</dd>
        </div>
        <div>
          <dt>{t('card.onlineBooking')}</dt>
          <dd>{t(`card.booking.${doctor.onlineBooking}`)}</dd>
        </div>
      </dl>
      {doctor.bio && (
        <p className={styles.bio} dir="auto">
          {doctor.bio}
        </p>
      )}
    </div>
  );
}
