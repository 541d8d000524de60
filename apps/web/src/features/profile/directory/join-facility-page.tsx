import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TStaffMembership } from '@portal/shared/directory';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { announce } from '../../../lib/a11y/announcer.ts';
import { useFocusAfterRender } from '../../../lib/forms/use-focus-after-render.ts';
import { SignInFirst } from '../../../lib/session/require-session.tsx';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import alert from '../../../ui/alert.module.css';
import pageStyles from '../../../ui/page.module.css';
import column from '../../../ui/page-column.module.css';
import { useAcceptStaffInvitationMutation } from './directory-api.ts';
import styles from './directory.module.css';

/** The refusals of a staff invitation the page explains (`facilities:join.refusals.<code>`). */
const REFUSALS = [
  'STAFF_INVITATION_NOT_FOUND',
  'STAFF_INVITATION_USED',
  'STAFF_INVITATION_EXPIRED',
  'STAFF_INVITATION_NOT_FOR_YOU',
  'TOO_MANY_TRIES',
] as const;

function refusalOf(error: unknown): (typeof REFUSALS)[number] | 'OTHER' {
  const failed = error as FetchBaseQueryError | undefined;
  if (failed?.status === 429) return 'TOO_MANY_TRIES';
  const body = (failed && 'data' in failed ? failed.data : undefined) as
    { code?: unknown } | undefined;
  return REFUSALS.find((code) => code === body?.code) ?? 'OTHER';
}

/**
 * `/join-facility/:code`: the link a facility's staff invitation e-mails. A guest signs in first
 * and comes back here; the signed-in person accepts, and the API checks the invitation is for
 * their verified address. Each refusal is told in the reader's words.
 */
export function JoinFacilityPage() {
  return (
    <SignInFirst>
      <StaffInvitation />
    </SignInFirst>
  );
}

function StaffInvitation() {
  const { t } = useTranslation('facilities');
  const id = useId();
  const { code = '' } = useParams();
  const [accept, accepting] = useAcceptStaffInvitationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [membership, setMembership] = useState<TStaffMembership | null>(null);
  const { ref: resultRef, request: focusResult } = useFocusAfterRender<HTMLParagraphElement>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (accepting.isLoading) return;
    setFailure(null);
    const result = await accept({ code });
    if (result.data) {
      setMembership(result.data);
      announce(t('join.accepted', { name: result.data.facility.name }));
    } else setFailure(t(`join.refusals.${refusalOf(result.error)}`));
    focusResult();
  }

  return (
    <div className={column.column}>
      <div className={pageStyles.card}>
        <h1 id={`${id}-title`}>{t('join.title')}</h1>
        {membership ? (
          <div className={styles.optionList}>
            <p ref={resultRef} tabIndex={-1}>
              {t('join.accepted', { name: membership.facility.name })}
            </p>
            <p className={styles.muted}>{t('join.next')}</p>
            <div className={styles.actions}>
              <ButtonLink to="/userProfile">{t('join.toProfile')}</ButtonLink>
            </div>
          </div>
        ) : (
          <form
            className={styles.optionList}
            aria-labelledby={`${id}-title`}
            onSubmit={(event) => void submit(event)}
          >
            <p>{t('join.intro')}</p>
            <p
              ref={resultRef}
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
              <ButtonLink to="/" variant="secondary">
                {t('join.home')}
              </ButtonLink>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
