import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  ZThreadInput,
} from '@portal/shared/message-threads';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce, announceWithNextPage } from '../../lib/a11y/announcer.ts';
import { telHref, usePublicConfig } from '../../lib/config/public-config.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { apiErrorsByField, schemaErrorsByField } from '../../lib/forms/own-field-errors.ts';
import { selectIsSignedIn } from '../../lib/session/auth-slice.ts';
import type { SignInIntent } from '../../lib/session/sign-in-intent.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { InputField, TextAreaField } from '../../ui/control-fields.tsx';
import { FailureAlert, useFailure } from '../../ui/failure-alert.tsx';
import { useAskSupportMutation } from './support-api.ts';
import styles from './support.module.css';

const FIELDS = ['subject', 'body'] as const;
type Field = (typeof FIELDS)[number];
type Problems = Partial<Record<Field, string>>;

const fieldOf = (path: string): Field | undefined =>
  (FIELDS as readonly string[]).includes(path) ? (path as Field) : undefined;

/**
 * Contact support: a signed-in reader writes to the Support desk (a support thread) and lands on
 * the conversation; a guest learns what the form is for and is asked to sign in. Everyone is told
 * how to reach Support without signing in.
 */
export function ContactSupport() {
  const { t } = useTranslation('support');
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const isMember = useAppSelector((state) => state.auth.userData?.premiumMember === true);
  const phone = usePublicConfig()?.contactPhone;
  return (
    <section id="contact" className={styles.contact} aria-labelledby="contact-title">
      <h2 id="contact-title">{t('contact.title')}</h2>
      {isSignedIn ? (
        <>
          <p>{t('contact.intro')}</p>
          {isMember && <p className={styles.member}>{t('contact.member')}</p>}
          <p className={styles.muted}>{t('contact.notMedical')}</p>
          <ContactForm />
        </>
      ) : (
        <GuestPrompt />
      )}
      <p className={styles.muted}>
        {phone ? (
          <>
            {t('contact.noEmail')}{' '}
            <a href={telHref(phone)} dir="ltr" className={styles.phone}>
              {phone}
            </a>
          </>
        ) : (
          t('contact.noEmailNoPhone')
        )}
      </p>
    </section>
  );
}

function GuestPrompt() {
  const { t } = useTranslation('support');
  const intent: SignInIntent = { returnTo: '/support#contact', reason: 'support' };
  return (
    <>
      <p>{t('contact.guest')}</p>
      <p>
        <ButtonLink to="/login" state={intent}>
          {t('contact.signIn')}
        </ButtonLink>
      </p>
    </>
  );
}

function ContactForm() {
  const { t } = useTranslation('support');
  const id = useId();
  const navigate = useNavigate();
  const [askSupport, asking] = useAskSupportMutation();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const {
    text: failureText,
    ref: failureRef,
    show: showFailure,
    clear: clearFailure,
  } = useFailure();
  const fieldId = (field: Field) => `${id}-${field}`;

  /** Marks the wrong fields, says how many, and puts focus on the first of them. */
  function showProblems(found: Problems) {
    setProblems(found);
    const wrong = FIELDS.filter((field) => found[field]);
    announce(t('common:form.summary', { count: wrong.length }));
    document.getElementById(fieldId(wrong[0]!))?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (asking.isLoading) return;
    clearFailure();
    const parsed = ZThreadInput.safeParse({ support: true, subject, body });
    if (!parsed.success) {
      showProblems(schemaErrorsByField(t, parsed.error, fieldOf));
      return;
    }
    setProblems({});
    try {
      const { thread } = await askSupport({
        subject: parsed.data.subject,
        body: parsed.data.body,
      }).unwrap();
      announceWithNextPage(t('contact.sent'));
      void navigate(`/messages/${encodeURIComponent(thread._id)}`);
    } catch (error) {
      const placed = apiErrorsByField(t, error, fieldOf);
      if (Object.keys(placed).length > 0) return showProblems(placed);
      const code = apiErrorOf(error)?.code;
      const status = (error as { status?: unknown } | undefined)?.status;
      showFailure(
        t(
          code === 'RATE_LIMITED'
            ? 'contact.rateLimited'
            : status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR'
              ? 'contact.network'
              : 'contact.failed',
        ),
      );
    }
  }

  return (
    <form
      className={styles.form}
      aria-labelledby="contact-title"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <FailureAlert failure={failureText} ref={failureRef} />
      <InputField
        id={fieldId('subject')}
        label={t('contact.subject')}
        hint={t('contact.subjectHint')}
        error={problems.subject}
        value={subject}
        maxLength={MESSAGE_SUBJECT_MAX}
        autoComplete="off"
        onChange={(event) => setSubject(event.target.value)}
      />
      <TextAreaField
        id={fieldId('body')}
        label={t('contact.message')}
        hint={t('contact.messageHint')}
        error={problems.body}
        value={body}
        maxLength={MESSAGE_BODY_MAX}
        rows={6}
        onChange={(event) => setBody(event.target.value)}
      />
      <div>
        <Button
          type="submit"
          aria-disabled={asking.isLoading || undefined}
          aria-busy={asking.isLoading}
        >
          {asking.isLoading ? t('contact.sending') : t('contact.send')}
        </Button>
      </div>
    </form>
  );
}
