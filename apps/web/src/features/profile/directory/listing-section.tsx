import type { TFacility, TListing } from '@portal/shared/directory';
import type { TUser } from '@portal/shared/user';
import { useAppSelector } from '../../../app/hooks.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useDirectoryNames } from '../../../lib/directory/directory-names.ts';
import { EditableSection } from '../editable-section.tsx';
import { SectionLoadState } from '../section-load-state.tsx';
import { useGetFacilitiesQuery, useGetListingQuery } from './directory-api.ts';
import { ListingForm } from './listing-form.tsx';
import { ListingPreview } from './listing-preview.tsx';
import { ReviewState } from './review-state.tsx';
import profileStyles from '../profile.module.css';
import styles from './directory.module.css';

/**
 * The profile's 'Public listing': whether and how the practitioner appears in the public
 * directory, where its review stands, and a preview of the card patients will see; edited in
 * place behind an Edit/Cancel toggle.
 */
export function ListingSection({ user }: { user: TUser }) {
  const { t } = useTranslation('listing');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const listing = useGetListingQuery({ viewer });
  const facilities = useGetFacilitiesQuery({ viewer });
  const loaded =
    listing.data && facilities.data
      ? { listing: listing.data, facilities: facilities.data }
      : undefined;
  const failed = listing.isError ? listing : facilities;

  return (
    <EditableSection
      namespace="listing"
      headingId="profile-listing"
      toggleId="listing-edit-toggle"
      title={t('title')}
      intro={<p className={profileStyles.intro}>{t('intro')}</p>}
      view={
        loaded ? (
          <ListingView user={user} {...loaded} />
        ) : (
          <SectionLoadState namespace="listing" query={failed} />
        )
      }
      form={
        loaded ? (onSaved) => <ListingForm user={user} {...loaded} onSaved={onSaved} /> : undefined
      }
    />
  );
}

function ListingView({
  user,
  listing,
  facilities,
}: {
  user: TUser;
  listing: TListing;
  facilities: TFacility[];
}) {
  const { t } = useTranslation('listing');
  const names = useDirectoryNames();
  const facility = facilities.find((one) => one._id === listing.facilityId) ?? null;
  const isSaved = listing.publicId !== null;
  const listOf = (items: string[]) =>
    items.length > 0 ? (
      names.list(items)
    ) : (
      <span className={profileStyles.missing}>{t('none')}</span>
    );
  const details: [string, React.ReactNode][] = [
    ['listed', listing.listed ? t('listedYes') : t('listedNo')],
    ['facilityId', facility?.name ?? t('practiceOption')],
    ['specialties', listOf(listing.specialties.map(names.specialtyName))],
    ['languages', listOf(listing.languages.map(names.languageName))],
    ['visitKinds', listOf(listing.visitKinds.map((kind) => t(`visitKinds.${kind}`)))],
    ['onlineBooking', t(`booking.${listing.onlineBooking}`)],
  ];
  return (
    <>
      {isSaved ? (
        <ReviewState status={listing.reviewStatus} reason={listing.rejectionReason} />
      ) : (
        <p className={styles.muted}>{t('notSaved')}</p>
      )}
      <dl className={profileStyles.details}>
        {details.map(([name, value]) => (
          <div key={name} className={profileStyles.detail}>
            <dt>{t(`fields.${name}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ListingPreview user={user} facility={facility} listing={listing} />
    </>
  );
}
