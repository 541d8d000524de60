import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TPatient } from '@portal/shared/patient';
import type { TPrescription, TPrescriptionData } from '@portal/shared/prescription';
import { useAppSelector } from '../../app/hooks.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import {
  useApproveRefillMutation,
  useDeclineRefillMutation,
  useGetPrescriptionQuery,
  useGetRefillRequestsQuery,
} from './medicines-api.ts';
import type { TRefillRequest } from './medicines-types.ts';
import { refusalKeyOf } from './refusal-key.ts';
import { useOutcome } from './use-outcome.tsx';
import styles from './medicines.module.css';

/**
 * The prescription form, given by app/ (features stay apart): filled in from `prescription`,
 * saved through `submit`, with the allergy warning as for any prescription.
 */
export type RefillApprovalSlot = (props: {
  prescription: TPrescription;
  label: string;
  submit: (input: TPrescriptionData) => Promise<TPrescription>;
  onDone: (saved?: TPrescription) => void;
}) => ReactNode;

/**
 * 'Refill requests' on the patient's chart, absent while there is none: who asked, for what,
 * when, their note, and for an open request Approve (the prescription form filled in from the
 * old prescription, saved as the approval) or Decline with a message for the patient.
 */
export function RefillRequestsSection({
  patient,
  approvalForm,
}: {
  patient: TPatient;
  approvalForm: RefillApprovalSlot;
}) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const requests = useGetRefillRequestsQuery({ viewer, patientId: patient._id });
  const outcome = useOutcome();
  const id = useId();
  if (requests.isError && !requests.isFetching)
    return <p role="alert">{t('practitioner.failed')}</p>;
  const items = requests.currentData;
  if (!items || items.length === 0) return null;
  const open = items.filter((request) => request.status === 'open').length;
  return (
    <section
      className={`${styles.page} ${styles.chartSection}`}
      aria-labelledby={id}
      id="refill-requests"
    >
      <h2 id={id}>
        {t('practitioner.title')}{' '}
        {open > 0 && (
          <span className={styles.badge}>{t('practitioner.count', { count: open })}</span>
        )}
      </h2>
      {outcome.view}
      <ul className={styles.list}>
        {items.map((request) => (
          <li key={request._id}>
            <RefillRequestItem
              patientId={patient._id}
              request={request}
              approvalForm={approvalForm}
              onAnswered={outcome.succeeded}
              onFailed={outcome.failed}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RefillRequestItem({
  patientId,
  request,
  approvalForm,
  onAnswered,
  onFailed,
}: {
  patientId: string;
  request: TRefillRequest;
  approvalForm: RefillApprovalSlot;
  onAnswered: (text: string) => void;
  onFailed: (text: string) => void;
}) {
  const { t, i18n } = useTranslation('medicines');
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const [mode, setMode] = useState<'approve' | 'decline' | null>(null);
  const id = useId();
  return (
    <article className={styles.item} aria-labelledby={id}>
      <h3 id={id}>
        <bdi>{request.medication}</bdi>
      </h3>
      <p className={styles.muted}>
        {t('practitioner.askedBy', {
          name: request.requestedBy,
          date: day.format(Date.parse(request.createdAt)),
        })}{' '}
        · <strong>{t(`refill.state.${request.status}`)}</strong>
      </p>
      {request.note && (
        <p>
          {t('practitioner.note')} <bdi>{request.note}</bdi>
        </p>
      )}
      {request.status === 'declined' && request.message && (
        <p className={styles.muted}>
          <bdi>{request.message}</bdi>
        </p>
      )}
      {request.status === 'open' && mode === null && (
        <div className={styles.actions}>
          <Button onClick={() => setMode('approve')}>{t('practitioner.approve')}</Button>
          <Button variant="secondary" onClick={() => setMode('decline')}>
            {t('practitioner.decline')}
          </Button>
        </div>
      )}
      {mode === 'approve' && (
        <ApproveRefill
          patientId={patientId}
          request={request}
          approvalForm={approvalForm}
          onDone={(saved) => {
            setMode(null);
            if (saved) onAnswered(t('practitioner.approved'));
          }}
        />
      )}
      {mode === 'decline' && (
        <DeclineRefill
          patientId={patientId}
          request={request}
          onDone={(text, isFailure) => {
            setMode(null);
            if (text) (isFailure ? onFailed : onAnswered)(text);
          }}
        />
      )}
    </article>
  );
}

function ApproveRefill({
  patientId,
  request,
  approvalForm,
  onDone,
}: {
  patientId: string;
  request: TRefillRequest;
  approvalForm: RefillApprovalSlot;
  onDone: (saved?: TPrescription) => void;
}) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const old = useGetPrescriptionQuery({
    viewer,
    patientId,
    prescriptionId: request.prescriptionId,
  });
  const [approve] = useApproveRefillMutation();
  if (old.isError && !old.isFetching) return <p role="alert">{t('refusals.failed')}</p>;
  if (!old.currentData) return <p role="status">{t('practitioner.loading')}</p>;
  return approvalForm({
    prescription: old.currentData,
    label: t('practitioner.approveTitle', { medication: request.medication }),
    submit: (input) => approve({ viewer, patientId, requestId: request._id, input }).unwrap(),
    onDone,
  });
}

function DeclineRefill({
  patientId,
  request,
  onDone,
}: {
  patientId: string;
  request: TRefillRequest;
  onDone: (text?: string, isFailure?: boolean) => void;
}) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [decline, state] = useDeclineRefillMutation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.isLoading) return;
    if (!message.trim()) {
      setError(t('practitioner.messageRequired'));
      document.getElementById(`${id}-message`)?.focus();
      return;
    }
    try {
      await decline({
        viewer,
        patientId,
        requestId: request._id,
        message: message.trim(),
      }).unwrap();
      onDone(t('practitioner.declined'));
    } catch (failure) {
      onDone(t(refusalKeyOf(apiErrorOf(failure)?.code)), true);
    }
  }

  return (
    <form className={styles.panel} aria-labelledby={id} onSubmit={(e) => void submit(e)} noValidate>
      <h4 id={id} tabIndex={-1} ref={headingRef}>
        {t('practitioner.declineTitle', { medication: request.medication })}
      </h4>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>{t('practitioner.message')}</label>
        <textarea
          id={`${id}-message`}
          rows={3}
          maxLength={500}
          value={message}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setMessage(event.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="danger" disabled={state.isLoading}>
          {t('practitioner.sendDecline')}
        </Button>
        <Button variant="secondary" onClick={() => onDone()}>
          {t('practitioner.cancel')}
        </Button>
      </div>
    </form>
  );
}
