import { useState } from 'react';
import type { TFacility } from '@portal/shared/directory';
import { displayPhone } from '@portal/shared/phone';
import type { TUser } from '@portal/shared/user';
import { useAppSelector } from '../../../app/hooks.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Button } from '../../../ui/button.tsx';
import { EditableSection } from '../editable-section.tsx';
import { useCountryNames } from '../practice-form.tsx';
import { SectionLoadState } from '../section-load-state.tsx';
import { useGetFacilitiesQuery } from './directory-api.ts';
import { FacilityForm } from './facility-form.tsx';
import { FacilityStaff } from './facility-staff.tsx';
import { ReviewState } from './review-state.tsx';
import profileStyles from '../profile.module.css';
import styles from './directory.module.css';

/**
 * The profile's 'My facilities': the clinics, hospitals and pharmacies the user owns or works
 * at, each with where its review stands; the owner's show their staff. 'Add a facility' opens
 * the form in place.
 */
export function FacilitiesSection({ user }: { user: TUser }) {
  const { t } = useTranslation('facilities');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const facilities = useGetFacilitiesQuery({ viewer });
  const items = facilities.data;

  return (
    <EditableSection
      namespace="facilities"
      headingId="profile-facilities"
      toggleId="facilities-add-toggle"
      title={t('title')}
      intro={<p className={profileStyles.intro}>{t('intro')}</p>}
      view={
        items === undefined ? (
          <SectionLoadState namespace="facilities" query={facilities} />
        ) : items.length === 0 ? (
          <p className={styles.muted}>{t('empty')}</p>
        ) : (
          <ul className={styles.facilities}>
            {items.map((facility) => (
              <FacilityItem key={facility._id} facility={facility} />
            ))}
          </ul>
        )
      }
      form={(onSaved) => <FacilityForm user={user} onSaved={onSaved} />}
    />
  );
}

function FacilityItem({ facility }: { facility: TFacility }) {
  const { t } = useTranslation('facilities');
  const countries = useCountryNames();
  const [isStaffShown, setStaffShown] = useState(false);
  const country = countries.find(({ code }) => code === facility.country)?.name ?? facility.country;
  const headingId = `facility-${facility._id}`;
  return (
    <li className={styles.facility}>
      <h3 id={headingId}>
        <bdi>{facility.name}</bdi>
      </h3>
      <p className={styles.muted}>
        {t(`kinds.${facility.kind}`)} · {t(`roles.${facility.role}`)}
      </p>
      <p className={styles.address}>
        <bdi>{facility.address}</bdi>
        {'\n'}
        <bdi>{facility.city}</bdi>, <bdi>{country}</bdi>
      </p>
      {facility.phone && (
        <p className={styles.address}>
          <bdi dir="ltr">{displayPhone(facility.phone, facility.country)}</bdi>
        </p>
      )}
      <ReviewState status={facility.reviewStatus} reason={facility.rejectionReason} />
      {facility.role === 'owner' && (
        <>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              aria-expanded={isStaffShown}
              aria-controls={`${headingId}-staff`}
              onClick={() => setStaffShown(!isStaffShown)}
            >
              {isStaffShown ? t('staff.hide') : t('staff.show')}
            </Button>
          </div>
          <div id={`${headingId}-staff`}>
            {isStaffShown && <FacilityStaff facility={facility} />}
          </div>
        </>
      )}
    </li>
  );
}
