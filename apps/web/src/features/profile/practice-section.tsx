import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '@portal/shared/phone';
import type { TUser } from '@portal/shared/user';
import { Button } from '../../ui/button.tsx';
import { PRACTICE_FIELDS, PracticeForm, useCountryNames } from './practice-form.tsx';
import styles from './profile.module.css';

const TOGGLE_ID = 'practice-edit-toggle';

/** Fields that read left to right whatever the page's direction. */
const LEFT_TO_RIGHT = new Set(['phone', 'registrationNumber']);

/**
 * The Practice section of the profile: where the practitioner works and what their
 * prescriptions carry, read, or edited in place behind an Edit/Cancel toggle.
 */
export function PracticeSection({ user }: { user: TUser }) {
  const { t } = useTranslation('practice');
  const countries = useCountryNames();
  const [isEditing, setEditing] = useState(false);
  const [hasJustSaved, setJustSaved] = useState(false);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (wasEditing.current && !isEditing) document.getElementById(TOGGLE_ID)?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  const { practice } = user;
  const shown = (name: (typeof PRACTICE_FIELDS)[number]): ReactNode => {
    const value = practice?.[name];
    if (value === null || value === undefined) return null;
    if (name === 'country') return countries.find((c) => c.code === value)?.name ?? value;
    if (name === 'phone') return displayPhone(String(value), practice.country);
    if (name === 'cancellationNoticeHours') {
      return t('hours', { count: Number(value) });
    }
    return value;
  };

  return (
    <section aria-labelledby="profile-practice" className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id="profile-practice">{t('title')}</h2>
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
      </div>
      <p className={styles.intro}>{t('intro')}</p>
      <p role="status" className={styles.saved}>
        {hasJustSaved && !isEditing ? t('save.saved') : ''}
      </p>
      {isEditing ? (
        <PracticeForm
          user={user}
          onSaved={() => {
            setJustSaved(true);
            setEditing(false);
          }}
        />
      ) : (
        <dl className={styles.details}>
          {PRACTICE_FIELDS.map((name) => {
            const value = shown(name);
            return (
              <div key={name} className={styles.detail}>
                <dt>{t(`fields.${name}`)}</dt>
                <dd>
                  {value === null ? (
                    <span className={styles.missing}>{t('notProvided')}</span>
                  ) : (
                    <span dir={LEFT_TO_RIGHT.has(name) ? 'ltr' : 'auto'} className={styles.lines}>
                      {value}
                    </span>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
