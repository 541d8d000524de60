import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SOAP_SECTIONS, type TVisit } from '@portal/shared/visit';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { AddendumForm } from './addendum-form.tsx';
import { FailureAlert, useFailure } from '../../ui/failure-alert.tsx';
import { VisitForm, type AppointmentChoice } from './visit-form.tsx';
import { formatVisitTime, vitalLines } from './visit-text.ts';
import { VisitSharing } from './visit-sharing.tsx';
import { useSignVisitMutation } from './visits-api.ts';
import styles from './visits.module.css';

/** A name inside a sentence keeps its own direction (a Latin name in an Arabic sentence). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * One visit: when, why, vital signs, the SOAP notes, who signed it and its addenda. A draft can
 * be changed, and signed (after a confirmation: a signed visit is never changed); a signed one
 * takes addenda. `onChanged` tells the section what happened, for its announcement.
 */
export function VisitItem({
  visit,
  appointments,
  shouldFocus,
  onFocused,
  onChanged,
  onSharingSaved,
}: {
  visit: TVisit;
  /** The patient's appointments, offered when a draft is changed. */
  appointments?: readonly AppointmentChoice[];
  /** Focus this visit's heading (a new visit, or one just signed or amended) once shown. */
  shouldFocus: boolean;
  onFocused: () => void;
  onChanged: (kind: 'updated' | 'signed' | 'amended', visit: TVisit) => void;
  /** The sharing with a linked patient was saved (announced; focus stays where it is). */
  onSharingSaved: () => void;
}) {
  const { t, i18n } = useTranslation('visits');
  const id = useId();
  const [mode, setMode] = useState<'idle' | 'edit' | 'confirmSign' | 'addendum'>('idle');
  const { text: failure, ref: failureRef, show: showFailure, clear: clearFailure } = useFailure();
  const actionRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!shouldFocus) return;
    headingRef.current?.focus();
    onFocused();
  }, [shouldFocus, onFocused]);
  useEffect(() => {
    if (mode === 'confirmSign') confirmRef.current?.focus();
  }, [mode]);
  const [signVisit, { isLoading: isSigning }] = useSignVisitMutation();
  const when = formatVisitTime(visit.occurredAt, i18n.language);
  const vitals = vitalLines(t, visit);
  const notes = SOAP_SECTIONS.filter((section) => visit[section] !== '');

  async function sign() {
    if (isSigning) return;
    clearFailure();
    try {
      const signed = await signVisit(visit).unwrap();
      setMode('idle');
      onChanged('signed', signed);
    } catch (error) {
      const code = apiErrorOf(error)?.code;
      showFailure(
        t(code === 'VISIT_CHANGED' || code === 'VISIT_SIGNED' ? 'sign.changed' : 'sign.failed'),
      );
    }
  }

  return (
    <li
      className={styles.item}
      data-signed={visit.signedAt ? 'yes' : 'no'}
      aria-labelledby={`${id}-title`}
    >
      <h6 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.itemTitle}>
        <time dateTime={visit.occurredAt}>{when}</time>
        {visit.reason && <span className={styles.reason}>{visit.reason}</span>}
        <span className={styles.state}>
          {visit.signedAt
            ? t('item.signed', {
                name: isolate(visit.signedBy?.name ?? ''),
                when: formatVisitTime(visit.signedAt, i18n.language),
              })
            : t('item.draft')}
        </span>
      </h6>
      {vitals.length > 0 && (
        <dl className={styles.vitalList} aria-label={t('form.vitals')}>
          {vitals.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>
                <bdi>{line.text}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {notes.length > 0 && (
        <dl className={styles.notes}>
          {notes.map((section) => (
            <div key={section}>
              <dt>{t(`form.${section}`)}</dt>
              <dd>
                <bdi>{visit[section]}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {visit.addenda.length > 0 && (
        <section aria-labelledby={`${id}-addenda`} className={styles.addenda}>
          <p id={`${id}-addenda`} className={styles.addendaTitle}>
            {t('item.addenda')}
          </p>
          <ol>
            {visit.addenda.map((addendum) => (
              <li key={addendum._id}>
                <p className={styles.meta}>
                  {t('item.addendumBy', {
                    name: isolate(addendum.authorName),
                    when: formatVisitTime(addendum.createdAt, i18n.language),
                  })}
                </p>
                <p className={styles.text}>
                  <bdi>{addendum.text}</bdi>
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
      {visit.signedAt && <VisitSharing visit={visit} onSaved={onSharingSaved} />}
      <FailureAlert ref={failureRef} failure={failure} />
      {mode === 'confirmSign' && (
        <div role="group" aria-labelledby={`${id}-confirm`} className={styles.confirm}>
          <p id={`${id}-confirm`}>{t('sign.question')}</p>
          <div className={styles.actions}>
            <Button
              ref={confirmRef}
              onClick={() => void sign()}
              aria-disabled={isSigning || undefined}
            >
              {isSigning ? t('sign.signing') : t('sign.confirm')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setMode('idle');
                requestAnimationFrame(() => actionRef.current?.focus());
              }}
            >
              {t('sign.keepDraft')}
            </Button>
          </div>
        </div>
      )}
      {mode === 'edit' && (
        <VisitForm
          patientId={visit.patientId}
          visit={visit}
          appointments={appointments}
          onSaved={(saved) => {
            setMode('idle');
            onChanged('updated', saved);
          }}
          onCancel={() => {
            setMode('idle');
            requestAnimationFrame(() => editRef.current?.focus());
          }}
        />
      )}
      {mode === 'addendum' && (
        <AddendumForm
          visit={visit}
          onDone={(amended) => {
            setMode('idle');
            if (amended) onChanged('amended', amended);
            else requestAnimationFrame(() => actionRef.current?.focus());
          }}
        />
      )}
      {mode === 'idle' && (
        <div className={styles.actions}>
          {visit.signedAt ? (
            <Button ref={actionRef} variant="secondary" onClick={() => setMode('addendum')}>
              {t('item.addAddendum')}
            </Button>
          ) : (
            <>
              <Button ref={editRef} variant="secondary" onClick={() => setMode('edit')}>
                {t('item.edit')}
              </Button>
              <Button ref={actionRef} variant="secondary" onClick={() => setMode('confirmSign')}>
                {t('item.sign')}
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
