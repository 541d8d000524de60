import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { PatientSection } from '../../ui/patient-section.tsx';
import section from '../../ui/section.module.css';
import { RELATIONSHIPS, type TInvitationCreated, type TRelationship } from './api-types.ts';
import {
  useEndPatientAccessMutation,
  useGetPatientAccessQuery,
  useInvitePatientMutation,
} from './my-health-api.ts';
import { isolated } from './refusal.ts';
import styles from './my-health.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

// The encoder loads only once an invitation is made: no other screen carries it.
const QrCode = lazy(() => import('../../ui/qr-code.tsx').then((m) => ({ default: m.QrCode })));

type Mode = 'idle' | 'inviting' | 'confirmingEnd';

/**
 * In a patient's chart: whether the patient (or a parent or carer) can see their own care, the
 * invitation that gives them access and the way to end it. The API keeps only a hash of an
 * invitation's code, so its address is shown once, right after it is made, to copy or to scan.
 */
export function AccessSection({ patient }: { patient: TPatient }) {
  const { t, i18n } = useTranslation('access');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetPatientAccessQuery({ viewer, patientId: patient._id });
  const [invite, inviting] = useInvitePatientMutation();
  const [endAccess, ending] = useEndPatientAccessMutation();
  const [mode, setMode] = useState<Mode>('idle');
  const [relationship, setRelationship] = useState<TRelationship>('self');
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<TInvitationCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isBusy = inviting.isLoading || ending.isLoading;
  const { ref: formRef, request: focusForm } = useFocusAfterRender<HTMLSelectElement>();
  const { ref: urlRef, request: focusUrl } = useFocusAfterRender<HTMLInputElement>();
  const { ref: confirmRef, request: focusConfirm } = useFocusAfterRender<HTMLButtonElement>();
  const { ref: stateRef, request: focusState } = useFocusAfterRender<HTMLParagraphElement>();
  const { ref: inviteRef, request: focusInvite } = useFocusAfterRender<HTMLButtonElement>();
  const backToActions = () => {
    setMode('idle');
    focusInvite();
  };
  const date = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(Date.parse(iso));

  const access = query.currentData;

  async function submitInvitation(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    setFailure(null);
    const address = email.trim();
    try {
      const answer = await invite({
        patientId: patient._id,
        relationship,
        ...(address && { email: address }),
      }).unwrap();
      setCreated(answer);
      setMode('idle');
      announce(t('created'));
      focusUrl();
    } catch {
      setFailure(t('inviteFailed'));
    }
  }

  async function confirmEnd() {
    if (isBusy) return;
    setFailure(null);
    try {
      await endAccess({ patientId: patient._id }).unwrap();
      setCreated(null);
      setMode('idle');
      announce(t('ended'));
      focusState();
    } catch {
      setFailure(t('endFailed'));
    }
  }

  function stateText(): string {
    if (!access) return '';
    const live = access.links.filter((link) => link.endedAt === null);
    if (access.state === 'invited' && access.invitation) {
      const { expiresAt, email: invited, relationship: as } = access.invitation;
      const values = { date: date(expiresAt), relationship: t(`relationship.${as}`) };
      return invited
        ? t('state.invitedFor', { ...values, email: isolated(invited) })
        : t('state.invited', values);
    }
    if (access.state === 'linked' && live.length > 0)
      return live
        .map((link) =>
          t('state.linked', {
            name: isolated(link.name),
            email: isolated(link.email),
            date: date(link.createdAt),
            relationship: t(`relationship.${link.relationship}`),
          }),
        )
        .join(' ');
    return t(`state.${access.state === 'ended' ? 'ended' : 'notInvited'}`);
  }

  const canEnd = access?.state === 'invited' || access?.state === 'linked';

  return (
    <PatientSection titleId={`${id}-title`} title={t('title')} className={styles.section}>
      <p className={styles.hint}>{t('intro')}</p>
      {query.isError && !query.isFetching ? (
        <p className={section.error}>{t('loadFailed')}</p>
      ) : !access ? (
        <p className={section.muted}>{t('loading')}</p>
      ) : (
        <p ref={stateRef} tabIndex={-1}>
          {stateText()}
        </p>
      )}
      {created && (
        <div className={styles.handOver}>
          <FormField
            id={`${id}-url`}
            label={t('url')}
            hint={t('urlHint', { date: date(created.expiresAt) })}
          >
            {(props) => (
              <input
                ref={urlRef}
                onFocus={(event) => event.currentTarget.select()}
                className={styles.url}
                type="url"
                readOnly
                value={created.url}
                {...props}
              />
            )}
          </FormField>
          <div className={styles.actions}>
            <CopyButton
              text={created.url}
              field={urlRef}
              texts={{ copy: t('copy'), copied: t('copied'), copyByHand: t('copyByHand') }}
            />
          </div>
          <Suspense fallback={<p className={section.muted}>{t('qrLoading')}</p>}>
            <QrCode text={created.url} label={t('qr')} />
          </Suspense>
        </div>
      )}
      {failure && (
        <p role="alert" className={section.error}>
          {failure}
        </p>
      )}
      {mode === 'inviting' && (
        <form
          className={styles.form}
          aria-labelledby={`${id}-form`}
          onSubmit={(event) => void submitInvitation(event)}
        >
          <h6 id={`${id}-form`} className={section.title}>
            {t('inviteTitle')}
          </h6>
          <FormField id={`${id}-relationship`} label={t('relationshipLabel')}>
            {(props) => (
              <select
                ref={formRef}
                value={relationship}
                onChange={(event) => setRelationship(event.target.value as TRelationship)}
                {...props}
              >
                {RELATIONSHIPS.map((value) => (
                  <option key={value} value={value}>
                    {t(`relationshipOption.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={`${id}-email`} label={t('emailLabel')} hint={t('emailHint')}>
            {(props) => (
              <input
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                {...props}
              />
            )}
          </FormField>
          <FormActions
            className={styles.actions}
            isBusy={inviting.isLoading}
            label={t('send')}
            busyLabel={t('sending')}
            cancelLabel={t('cancel')}
            onCancel={backToActions}
          />
        </form>
      )}
      {mode === 'confirmingEnd' && (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-end`}>
          <p id={`${id}-end`}>{t('endQuestion', { name: patient.name })}</p>
          <div className={styles.actions}>
            <Button
              ref={confirmRef}
              variant="danger"
              aria-disabled={isBusy || undefined}
              onClick={() => void confirmEnd()}
            >
              {t('endConfirm')}
            </Button>
            <Button variant="secondary" onClick={backToActions}>
              {t('endKeep')}
            </Button>
          </div>
        </div>
      )}
      {mode === 'idle' && access && (
        <div className={styles.actions}>
          <Button
            ref={inviteRef}
            variant={canEnd ? 'secondary' : 'primary'}
            onClick={() => {
              setFailure(null);
              setMode('inviting');
              focusForm();
            }}
          >
            {access.state === 'not-invited' ? t('invite') : t('inviteAgain')}
          </Button>
          {canEnd && (
            <Button
              variant="danger"
              onClick={() => {
                setFailure(null);
                setMode('confirmingEnd');
                focusConfirm();
              }}
            >
              {t('end')}
            </Button>
          )}
        </div>
      )}
    </PatientSection>
  );
}
