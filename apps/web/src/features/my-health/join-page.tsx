import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { announceWithNextPage } from '../../lib/a11y/announcer.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { SignInFirst } from '../../lib/session/require-session.tsx';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import alert from '../../ui/alert.module.css';
import pageStyles from '../../ui/page.module.css';
import column from '../../ui/page-column.module.css';
import section from '../../ui/section.module.css';
import { useAcceptInvitationMutation, useGetInvitationQuery } from './my-health-api.ts';
import { isolated, refusalOf } from './refusal.ts';
import styles from './my-health.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/**
 * `/join/:code`: the address an invitation hands over. A guest signs in first and comes back
 * here; a signed-in person sees who invites them and as what, gives the record's date of birth
 * when the invitation names no e-mail of theirs, and accepts. The code alone never links: the
 * API checks the e-mail or the date of birth, and each refusal is told in the reader's words.
 */
export function JoinPage() {
  return (
    <SignInFirst>
      <Invitation />
    </SignInFirst>
  );
}

function Invitation() {
  const { t, i18n } = useTranslation('myHealth');
  const id = useId();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetInvitationQuery({ viewer, code });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [birthDate, setBirthDate] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: failureRef, request: focusFailure } = useFocusAfterRender<HTMLParagraphElement>();
  const date = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(Date.parse(iso));
  const invitation = query.currentData;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (accepting.isLoading || !invitation) return;
    if (invitation.needsBirthDate && !birthDate) {
      setFailure(t('join.birthDateRequired'));
      focusFailure();
      return;
    }
    setFailure(null);
    try {
      await accept({ code, ...(invitation.needsBirthDate && { birthDate }) }).unwrap();
      announceWithNextPage(t('join.accepted'));
      void navigate('/my-health');
    } catch (error) {
      const { code: refused } = refusalOf(error);
      setFailure(t(`refusals.${refused}`));
      focusFailure();
    }
  }

  function body() {
    if (query.isError && !query.isFetching) {
      const { code: refused } = refusalOf(query.error);
      return (
        <div className={alert.dangerWithAction} role="alert">
          <p>{t(`refusals.${refused}`)}</p>
          <ButtonLink to="/" variant="secondary">
            {t('join.home')}
          </ButtonLink>
        </div>
      );
    }
    if (!invitation) return <p className={section.muted}>{t('join.loading')}</p>;
    const { practitioner } = invitation;
    return (
      <form
        className={styles.form}
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => void submit(e)}
      >
        <p>
          {t(practitioner.practiceName ? 'join.whoAtPractice' : 'join.who', {
            name: isolated(practitioner.name),
            practice: isolated(practitioner.practiceName ?? ''),
            relationship: t(`relationship.${invitation.relationship}`),
          })}
        </p>
        <p className={styles.hint}>{t('join.until', { date: date(invitation.expiresAt) })}</p>
        {invitation.needsBirthDate && (
          <FormField id={`${id}-birth`} label={t('join.birthDate')} hint={t('join.birthDateHint')}>
            {(props) => (
              <input
                type="date"
                value={birthDate}
                onChange={(event) => setBirthDate(event.target.value)}
                {...props}
              />
            )}
          </FormField>
        )}
        <p
          ref={failureRef}
          tabIndex={-1}
          role="alert"
          className={[alert.slot, failure && alert.danger].filter(Boolean).join(' ')}
        >
          {failure}
        </p>
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={accepting.isLoading || undefined}>
            {accepting.isLoading ? t('join.accepting') : t('join.accept')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className={column.column}>
      <div className={`${pageStyles.card} ${styles.page}`}>
        <h1 id={`${id}-title`} tabIndex={-1}>
          {t('join.title')}
        </h1>
        {body()}
      </div>
    </div>
  );
}
