import { useRef, useState, type FormEvent } from 'react';
import {
  DIRECTORY_MESSAGES,
  ZStaffInput,
  type TCreatedStaffInvitation,
  type TFacility,
} from '@portal/shared/directory';
import { useAppSelector } from '../../../app/hooks.ts';
import { dateTimeFormat } from '../../../i18n/intl-formats.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { announce } from '../../../lib/a11y/announcer.ts';
import { fieldMessageText } from '../../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../../ui/button.tsx';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { FormField } from '../../../ui/form-field.tsx';
import {
  useGetStaffQuery,
  useInviteStaffMutation,
  useRemoveStaffMutation,
} from './directory-api.ts';
import styles from './directory.module.css';

/**
 * The staff of a facility its owner keeps: who is invited, active or expired, with Remove; and
 * an invitation by e-mail, whose link is shown once (the API keeps only its hash) with Copy.
 */
export function FacilityStaff({ facility }: { facility: TFacility }) {
  const { t, i18n } = useTranslation('facilities');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const staff = useGetStaffQuery({ viewer, facilityId: facility._id });
  const [invite, inviting] = useInviteStaffMutation();
  const [remove] = useRemoveStaffMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<TCreatedStaffInvitation | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const { ref: createdRef, request: focusCreated } = useFocusAfterRender<HTMLDivElement>();
  const emailId = `staff-email-${facility._id}`;
  const headingId = `staff-${facility._id}`;
  const date = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(Date.parse(iso));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inviting.isLoading) return;
    setFailure(null);
    const parsed = ZStaffInput.safeParse({ email });
    if (!parsed.success) {
      setError(DIRECTORY_MESSAGES.emailInvalid);
      document.getElementById(emailId)?.focus();
      return;
    }
    setError(undefined);
    const result = await invite({ facilityId: facility._id, email: parsed.data.email });
    if (result.data) {
      setCreated(result.data);
      setEmail('');
      announce(t('staff.invited', { email: result.data.email }));
      focusCreated();
    } else setFailure(t('staff.inviteFailed'));
  }

  async function removeMember(staffId: string, who: string) {
    setFailure(null);
    const result = await remove({ facilityId: facility._id, staffId });
    if ('error' in result) setFailure(t('staff.removeFailed'));
    else {
      announce(t('staff.removed', { who }));
      document.getElementById(headingId)?.focus();
    }
  }

  return (
    <section aria-labelledby={headingId} className={styles.staff}>
      <h4 id={headingId} tabIndex={-1}>
        {t('staff.title', { name: facility.name })}
      </h4>
      {staff.data === undefined ? (
        <p className={styles.muted} role={staff.isError ? 'alert' : 'status'}>
          {staff.isError ? t('staff.loadFailed') : t('loading')}
        </p>
      ) : staff.data.length === 0 ? (
        <p className={styles.muted}>{t('staff.empty')}</p>
      ) : (
        <ul className={styles.staffList}>
          {staff.data.map((member) => {
            const who = member.name ?? member.email;
            return (
              <li key={member._id} className={styles.staffMember}>
                <span>
                  <bdi>{who}</bdi>
                  {member.name && (
                    <>
                      {' '}
                      <span className={styles.muted}>({member.email})</span>
                    </>
                  )}
                  {' · '}
                  {member.status === 'active' && member.acceptedAt
                    ? t('staff.activeSince', { date: date(member.acceptedAt) })
                    : t(`staff.status.${member.status}`)}
                </span>
                <Button
                  variant="secondary"
                  aria-label={t('staff.removeLabel', { who })}
                  onClick={() => void removeMember(member._id, who)}
                >
                  {member.status === 'invited' ? t('staff.withdraw') : t('staff.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form className={styles.inviteForm} noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          id={emailId}
          label={t('staff.email')}
          hint={t('staff.emailHint')}
          error={error && fieldMessageText(t, error)}
        >
          {(props) => (
            <input
              type="email"
              dir="ltr"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              {...props}
            />
          )}
        </FormField>
        <Button type="submit" aria-disabled={inviting.isLoading || undefined}>
          {inviting.isLoading ? t('staff.inviting') : t('staff.invite')}
        </Button>
      </form>
      {failure && (
        <p role="alert" className={styles.reason}>
          {failure}
        </p>
      )}
      {created && (
        <div ref={createdRef} tabIndex={-1} className={styles.invitation}>
          <p>{t('staff.created', { email: created.email, date: date(created.expiresAt) })}</p>
          <label htmlFor={`${emailId}-link`}>{t('staff.link')}</label>
          <input
            ref={linkRef}
            id={`${emailId}-link`}
            readOnly
            dir="ltr"
            value={created.url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div>
            <CopyButton
              text={created.url}
              field={linkRef}
              texts={{
                copy: t('staff.copy'),
                copied: t('staff.copied'),
                copyByHand: t('staff.copyByHand'),
              }}
            />
          </div>
        </div>
      )}
    </section>
  );
}
