import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';
import { CalendarFeed } from './calendar-feed.tsx';
import { PracticeSection } from './practice-section.tsx';
import { useGetProfileQuery } from './profile-api.ts';
import { ProfileForm } from './profile-form.tsx';
import { ProfileView } from './profile-view.tsx';
import { ScheduleSettings } from './schedule-settings.tsx';
import styles from './profile.module.css';

const TOGGLE_ID = 'profile-edit-toggle';

/** /userProfile: read view, Edit/Cancel toggle, edit form. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { status, userData } = useAppSelector((state) => state.auth);
  const profile = useGetProfileQuery(undefined, { skip: !status });
  const [isEditing, setEditing] = useState(false);
  const [hasJustSaved, setJustSaved] = useState(false);
  const wasEditing = useRef(false);

  // Back in the read view, keyboard focus returns to the toggle that opened the form.
  useEffect(() => {
    if (wasEditing.current && !isEditing) document.getElementById(TOGGLE_ID)?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  if (!status) return <Navigate to="/protected" replace />;

  const user = profile.data;
  let body;
  if (user) {
    body = isEditing ? (
      <ProfileForm
        user={user}
        onSaved={() => {
          setJustSaved(true);
          setEditing(false);
        }}
      />
    ) : (
      <ProfileView user={user} />
    );
  } else if (profile.isError) {
    body = (
      <div role="alert" className={styles.loadFailed}>
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <p role="status" className={styles.loading}>
        {t('loading')}
      </p>
    );
  }

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
      <section aria-labelledby="profile-personal" className={styles.section}>
        <div className={styles.sectionHeader}>
          <h2 id="profile-personal">{t('section')}</h2>
          {user && (
            <Button
              id={TOGGLE_ID}
              variant="secondary"
              aria-expanded={isEditing}
              onClick={() => {
                setJustSaved(false);
                setEditing(!isEditing);
              }}
            >
              {isEditing ? t('cancel') : t('edit')}
            </Button>
          )}
        </div>
        <p role="status" className={styles.saved}>
          {hasJustSaved && !isEditing ? t('save.saved') : ''}
        </p>
        {body}
      </section>
      {user && (
        <>
          <PracticeSection user={user} />
          <ScheduleSettings user={user} />
          <CalendarFeed user={user} />
        </>
      )}
    </article>
  );
}
