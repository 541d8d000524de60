import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { displayPhone } from '@portal/shared/phone';
import type { TUser } from '@portal/shared/user';
import { EditableSection } from './editable-section.tsx';
import { PRACTICE_FIELDS, PracticeForm, useCountryNames } from './practice-form.tsx';
import styles from './profile.module.css';

/** Fields that read left to right whatever the page's direction. */
const LEFT_TO_RIGHT = new Set(['phone', 'registrationNumber']);

/**
 * The Practice section of the profile: where the practitioner works and what their
 * prescriptions carry, read, or edited in place behind an Edit/Cancel toggle.
 */
export function PracticeSection({ user }: { user: TUser }) {
  const { t } = useTranslation('practice');
  const countries = useCountryNames();
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
    <EditableSection
      namespace="practice"
      headingId="profile-practice"
      toggleId="practice-edit-toggle"
      title={t('title')}
      intro={<p className={styles.intro}>{t('intro')}</p>}
      form={(onSaved) => <PracticeForm user={user} onSaved={onSaved} />}
      view={
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
      }
    />
  );
}
