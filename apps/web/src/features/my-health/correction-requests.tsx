import { useId, useState, type FormEvent } from 'react';
import {
  ZCorrectionAcceptBody,
  ZCorrectionDeclineBody,
  type TCorrection,
} from '@portal/shared/correction';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import translator from '../../i18n/i18n.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { PatientSection } from '../../ui/patient-section.tsx';
import section from '../../ui/section.module.css';
import { kindLabelOf } from './correction-about.ts';
import { correctionMessageText, fieldErrorsOf } from './correction-messages.ts';
import {
  useAcceptCorrectionMutation,
  useDeclineCorrectionMutation,
  useGetCorrectionRequestsQuery,
} from './corrections-api.ts';
import { isolated } from './refusal.ts';
import styles from './my-health.module.css';

/** Refusals of an answer told in the API's words, by code, in the reader's language. */
const EXPLAINED_CODES = ['CORRECTION_ALREADY_ANSWERED', 'CORRECTION_NOT_FOUND'];

function refusalText(error: unknown, fallback: string): string {
  const apiError = apiErrorOf(error);
  if (!apiError || !EXPLAINED_CODES.includes(apiError.code)) return fallback;
  const key = `auth:apiErrors.codes.${apiError.code}`;
  return translator.exists(key) ? translator.t(key) : apiError.message;
}

/**
 * In a patient's chart: what a linked person asked to have corrected, and the answer to each.
 * Accepting does not change the record: the practitioner edits it in its own section first and
 * says here what was changed; declining needs a reason, which the person reads. Shown only
 * once there is a request.
 */
export function CorrectionRequests({ patient }: { patient: TPatient }) {
  // The chart does not load My health's texts with its page: they load with this section, which
  // shows only once they are here, so the home page's JavaScript carries no namespace for it.
  const { t, ready } = useTranslation('myHealth');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetCorrectionRequestsQuery({ viewer, patientId: patient._id });
  const items = query.currentData;
  const hasFailed = query.isError && !query.isFetching;
  if (!ready || (!hasFailed && (!items || items.length === 0))) return null;
  const open = items?.filter((item) => item.status === 'requested').length ?? 0;

  return (
    <PatientSection
      titleId={`${id}-title`}
      title={
        open > 0
          ? t('corrections.chart.titleOpen', { number: formatNumber(open) })
          : t('corrections.chart.title')
      }
      className={styles.section}
    >
      <p className={styles.hint}>{t('corrections.chart.intro')}</p>
      {hasFailed ? (
        <p className={section.error}>{t('corrections.chart.loadFailed')}</p>
      ) : (
        <ul className={styles.list}>
          {items!.map((correction) => (
            <CorrectionRequest
              key={correction._id}
              patientId={patient._id}
              correction={correction}
            />
          ))}
        </ul>
      )}
    </PatientSection>
  );
}

type Mode = 'idle' | 'accepting' | 'declining';

function CorrectionRequest({
  patientId,
  correction,
}: {
  patientId: string;
  correction: TCorrection;
}) {
  const { t, i18n } = useTranslation('myHealth');
  const id = useId();
  const [mode, setMode] = useState<Mode>('idle');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [accept, accepting] = useAcceptCorrectionMutation();
  const [decline, declining] = useDeclineCorrectionMutation();
  const isBusy = accepting.isLoading || declining.isLoading;
  const { ref: statusRef, request: focusStatus } = useFocusAfterRender<HTMLParagraphElement>();
  const { ref: fieldRef, request: focusField } = useFocusAfterRender<HTMLTextAreaElement>();
  const { ref: actionRef, request: focusAction } = useFocusAfterRender<HTMLButtonElement>();
  const date = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(Date.parse(iso));
  const asked = date(correction.requestedAt);

  function open(next: Mode) {
    setMode(next);
    setText('');
    setError(undefined);
    setFailure(null);
    focusField();
  }

  function close() {
    setMode('idle');
    focusAction();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    setFailure(null);
    const parsed =
      mode === 'accepting'
        ? ZCorrectionAcceptBody.safeParse({ answer: text })
        : ZCorrectionDeclineBody.safeParse({ reason: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      focusField();
      return;
    }
    setError(undefined);
    const args = { patientId, correctionId: correction._id };
    try {
      if ('answer' in parsed.data) await accept({ ...args, answer: parsed.data.answer }).unwrap();
      else await decline({ ...args, reason: parsed.data.reason }).unwrap();
      setMode('idle');
      announce(
        t(mode === 'accepting' ? 'corrections.chart.acceptedNow' : 'corrections.chart.declinedNow'),
      );
      focusStatus();
    } catch (refused) {
      const fieldErrors = fieldErrorsOf(refused);
      const message = fieldErrors?.answer ?? fieldErrors?.reason;
      if (message) {
        setError(message);
        focusField();
        return;
      }
      setFailure(refusalText(refused, t('corrections.chart.failed')));
    }
  }

  return (
    <li className={styles.item}>
      <p>
        {t('corrections.chart.asked', { name: isolated(correction.requestedByName), date: asked })}
      </p>
      <p>{t('corrections.aboutLine', { label: kindLabelOf(t, correction.about) })}</p>
      <p className={styles.notes}>
        <bdi>{correction.text}</bdi>
      </p>
      <p ref={statusRef} tabIndex={-1} className={styles.status}>
        <strong>{t(`corrections.status.${correction.status}`)}</strong>
        {correction.answeredAt && ` · ${date(correction.answeredAt)}`}
      </p>
      {correction.answer && (
        <p className={styles.notes}>
          {t(
            `corrections.chart.answer.${correction.status === 'declined' ? 'declined' : 'accepted'}`,
          )}{' '}
          <bdi>{correction.answer}</bdi>
        </p>
      )}
      {failure && (
        <p role="alert" className={section.error}>
          {failure}
        </p>
      )}
      {correction.status === 'requested' && mode === 'idle' && (
        <>
          <p className={styles.hint}>{t('corrections.chart.hint')}</p>
          <div className={styles.actions}>
            <Button
              ref={actionRef}
              aria-label={t('corrections.chart.acceptLabel', { date: asked })}
              onClick={() => open('accepting')}
            >
              {t('corrections.chart.accept')}
            </Button>
            <Button
              variant="secondary"
              aria-label={t('corrections.chart.declineLabel', { date: asked })}
              onClick={() => open('declining')}
            >
              {t('corrections.chart.decline')}
            </Button>
          </div>
        </>
      )}
      {correction.status === 'requested' && mode !== 'idle' && (
        <form
          className={styles.form}
          aria-labelledby={`${id}-form`}
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <h6 id={`${id}-form`} className={section.title}>
            {t(
              mode === 'accepting'
                ? 'corrections.chart.acceptTitle'
                : 'corrections.chart.declineTitle',
            )}
          </h6>
          <FormField
            id={`${id}-text`}
            label={t(
              mode === 'accepting'
                ? 'corrections.chart.answerLabel'
                : 'corrections.chart.reasonLabel',
            )}
            hint={
              mode === 'accepting' ? t('corrections.chart.hint') : t('corrections.chart.reasonHint')
            }
            error={correctionMessageText(t, error)}
          >
            {(props) => (
              <textarea
                ref={fieldRef}
                rows={3}
                value={text}
                onChange={(event) => setText(event.target.value)}
                {...props}
              />
            )}
          </FormField>
          <FormActions
            className={styles.actions}
            isBusy={isBusy}
            label={t(
              mode === 'accepting'
                ? 'corrections.chart.acceptConfirm'
                : 'corrections.chart.declineConfirm',
            )}
            busyLabel={t('corrections.chart.saving')}
            cancelLabel={t('corrections.chart.cancel')}
            onCancel={close}
          />
        </form>
      )}
    </li>
  );
}
