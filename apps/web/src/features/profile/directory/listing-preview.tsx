import type { TFacility, TListing } from '@portal/shared/directory';
import type { TUser } from '@portal/shared/user';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { DoctorCard } from '../../../ui/directory/doctor-card.tsx';
import styles from './directory.module.css';

/**
 * The public card as a patient will see it: the listing with the profile's name and picture and
 * the facility's city, or else the practice's (as the API builds it).
 */
export function ListingPreview({
  user,
  facility,
  listing,
}: {
  user: TUser;
  facility: TFacility | null;
  listing: Pick<TListing, 'specialties' | 'languages' | 'bio' | 'visitKinds' | 'onlineBooking'>;
}) {
  const { t } = useTranslation('listing');
  return (
    <section aria-labelledby="listing-preview" className={styles.preview}>
      <h3 id="listing-preview" className={styles.previewTitle}>
        {t('preview.title')}
      </h3>
      <p className={styles.muted}>{t('preview.intro')}</p>
      <DoctorCard
        headingLevel={4}
        doctor={{
          ...listing,
          name: user.name,
          picture: user.picture,
          facilityName: facility?.name ?? null,
          city: facility?.city ?? user.practice.city,
        }}
      />
    </section>
  );
}
