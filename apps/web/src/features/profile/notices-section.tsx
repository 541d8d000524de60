import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTICE_KINDS,
  ZNoticePreferences,
  type TNoticePreferences,
} from '@portal/shared/notice-preferences';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EditableSection } from './editable-section.tsx';
import { useGetNoticePreferencesQuery, useUpdateNoticePreferencesMutation } from './profile-api.ts';
import { useSectionForm } from './section-form.tsx';
import { SectionLoadState } from './section-load-state.tsx';
import styles from './profile.module.css';

/** One check box per kind of notice, each with the line that says what it sends. */
function NoticesForm({
  preferences,
  onSaved,
}: {
  preferences: TNoticePreferences;
  onSaved: () => void;
}) {
  const { t } = useTranslation('notices');
  const [updatePreferences] = useUpdateNoticePreferencesMutation();
  const { register, form } = useSectionForm<
    TNoticePreferences,
    TNoticePreferences,
    TNoticePreferences
  >({
    namespace: 'notices',
    fields: NOTICE_KINDS,
    hints: {},
    resolver: zodResolver(ZNoticePreferences),
    defaultValues: preferences,
    update: updatePreferences,
    onSaved,
  });

  return form(
    <fieldset className={`${styles.choices} ${styles.wide}`}>
      <legend>{t('legend')}</legend>
      {NOTICE_KINDS.map((kind) => (
        <div key={kind} className={styles.choice}>
          <input
            type="checkbox"
            id={`notices-${kind}`}
            aria-describedby={`notices-${kind}-hint`}
            {...register(kind)}
          />
          <label htmlFor={`notices-${kind}`}>{t(`fields.${kind}`)}</label>
          <p id={`notices-${kind}-hint`} className={styles.choiceHint}>
            {t(`hints.${kind}`)}
          </p>
        </div>
      ))}
    </fieldset>,
  );
}

/**
 * The profile's 'Notices by e-mail': which kinds of notice the portal e-mails the user, read, or
 * changed in place behind an Edit/Cancel toggle. What is turned off still shows in the portal.
 */
export function NoticesSection() {
  const { t } = useTranslation('notices');
  const preferences = useGetNoticePreferencesQuery();
  const { data } = preferences;

  const view = data ? (
    <dl className={styles.details}>
      {NOTICE_KINDS.map((kind) => (
        <div key={kind} className={styles.detail}>
          <dt>{t(`fields.${kind}`)}</dt>
          <dd>{data[kind] ? t('on') : <span className={styles.missing}>{t('off')}</span>}</dd>
        </div>
      ))}
    </dl>
  ) : (
    <SectionLoadState namespace="notices" query={preferences} />
  );

  return (
    <EditableSection
      namespace="notices"
      headingId="profile-notices"
      toggleId="notices-edit-toggle"
      title={t('title')}
      intro={<p className={styles.intro}>{t('intro')}</p>}
      view={view}
      form={data && ((onSaved) => <NoticesForm preferences={data} onSaved={onSaved} />)}
    />
  );
}
