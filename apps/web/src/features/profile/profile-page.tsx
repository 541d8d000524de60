import { useTranslation } from '../../i18n/use-translation.ts';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { ButtonLink } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';
import { CalendarFeed } from './calendar-feed.tsx';
import { FacilitiesSection } from './directory/facilities-section.tsx';
import { ListingSection } from './directory/listing-section.tsx';
import { EditableSection } from './editable-section.tsx';
import { NoticesSection } from './notices-section.tsx';
import { useDeferredFirstValue } from '../../lib/hooks/use-deferred-first-value.ts';
import { PracticeSection } from './practice-section.tsx';
import { useGetProfileQuery } from './profile-api.ts';
import { ProfileForm } from './profile-form.tsx';
import { ProfileView } from './profile-view.tsx';
import { ScheduleSettings } from './schedule-settings.tsx';
import { SectionLoadState } from './section-load-state.tsx';
import styles from './profile.module.css';

/** /userProfile: read view, Edit/Cancel toggle, edit form. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { status, userData } = useAppSelector((state) => state.auth);
  const profile = useGetProfileQuery(undefined, { skip: !status });
  const user = useDeferredFirstValue(profile.data);

  if (!status) return <Navigate to="/protected" replace />;
  const view = user ? (
    <ProfileView user={user} />
  ) : (
    <SectionLoadState namespace="profile" query={profile} />
  );

  return (
    <article className={`${pageStyles.card} ${styles.page}`} aria-labelledby="profile-title">
      <header className={styles.header}>
        <h1 id="profile-title">{t('title')}</h1>
        {userData?.premiumMember && (
          <ButtonLink to="/premier" variant="secondary" className={styles.premium}>
            <span aria-hidden="true">★</span> {t('premiumMember')}
          </ButtonLink>
        )}
      </header>
      <EditableSection
        namespace="profile"
        headingId="profile-personal"
        toggleId="profile-edit-toggle"
        title={t('section')}
        view={view}
        form={user && ((onSaved) => <ProfileForm user={user} onSaved={onSaved} />)}
      />
      {user && (
        <>
          <PracticeSection user={user} />
          <ListingSection user={user} />
          <FacilitiesSection user={user} />
          <ScheduleSettings user={user} />
          <CalendarFeed user={user} />
          <NoticesSection />
        </>
      )}
    </article>
  );
}
