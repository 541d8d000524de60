import { useId, useState, type FormEvent, type Ref } from 'react';
import {
  CORRECTION_MESSAGES,
  CORRECTION_TEXT_MAX,
  ZCorrectionRequestBody,
  type TCorrection,
  type TCorrectionAbout,
} from '@portal/shared/correction';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import alert from '../../ui/alert.module.css';
import { Button } from '../../ui/button.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { FormField } from '../../ui/form-field.tsx';
import pageStyles from '../../ui/page.module.css';
import { SectionListState } from '../../ui/section-list-state.tsx';
import {
  ABOUT_OTHER,
  aboutValueOf,
  kindLabelOf,
  useAboutChoices,
  type AboutGroup,
} from './correction-about.ts';
import { correctionMessageText, fieldErrorsOf, plainNumber } from './correction-messages.ts';
import { useGetMyCorrectionsQuery, useRequestCorrectionMutation } from './corrections-api.ts';
import { useDateTime } from './record-section.tsx';
import { isolated, refusalOf } from './refusal.ts';
import styles from './my-health.module.css';

type Field = 'about' | 'text';
type Errors = Partial<Record<Field, string>>;

/**
 * The linked person's requests to correct the record: a form that points at an item the record's
 * sections show (or something else) and says what is wrong, and the requests with the
 * practitioner's answers. The practitioner changes the record; this only asks.
 */
export function CorrectionsSection({
  patientId,
  practitioner,
}: {
  patientId: string;
  practitioner: string;
}) {
  const { t } = useTranslation('myHealth');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetMyCorrectionsQuery({ viewer, patientId });
  const groups = useAboutChoices(patientId);
  const [isAsking, setAsking] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const { ref: sentRef, request: focusSent } = useFocusAfterRender<HTMLParagraphElement>();
  const { ref: askRef, request: focusAsk } = useFocusAfterRender<HTMLButtonElement>();
  const { ref: firstRef, request: focusFirst } = useFocusAfterRender<HTMLSelectElement>();

  return (
    <section className={`${pageStyles.card} ${styles.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {t('corrections.patient.title')}
      </h2>
      <p className={styles.hint}>{t('corrections.patient.intro')}</p>
      <p ref={sentRef} tabIndex={-1} className={styles.sent}>
        {sent}
      </p>
      {isAsking ? (
        <CorrectionForm
          patientId={patientId}
          groups={groups}
          firstRef={firstRef}
          onSent={() => {
            const text = t('corrections.patient.sent', { practitioner: isolated(practitioner) });
            setAsking(false);
            setSent(text);
            announce(text);
            focusSent();
          }}
          onCancel={() => {
            setAsking(false);
            focusAsk();
          }}
        />
      ) : (
        <div className={styles.actions}>
          <Button
            ref={askRef}
            variant="secondary"
            onClick={() => {
              setSent(null);
              setAsking(true);
              focusFirst();
            }}
          >
            {t('corrections.patient.ask')}
          </Button>
        </div>
      )}
      <h3>{t('corrections.patient.listTitle')}</h3>
      <SectionListState
        hasFailed={query.isError && !query.isFetching}
        items={query.currentData}
        styles={styles}
        texts={{
          loadFailed: t('corrections.patient.loadFailed'),
          loading: t('page.loading'),
          empty: t('corrections.patient.none'),
        }}
      >
        {(items) => (
          <ul className={styles.list}>
            {items.map((correction) => (
              <MyCorrection key={correction._id} correction={correction} groups={groups} />
            ))}
          </ul>
        )}
      </SectionListState>
    </section>
  );
}

/** The about of a choice's key ('' when none was chosen). */
function aboutOf(groups: readonly AboutGroup[], value: string): TCorrectionAbout | null {
  if (value === ABOUT_OTHER) return null;
  const choice = groups.flatMap((group) => group.choices).find((one) => one.value === value);
  return choice?.about ?? null;
}

function CorrectionForm({
  patientId,
  groups,
  firstRef,
  onSent,
  onCancel,
}: {
  patientId: string;
  groups: readonly AboutGroup[];
  firstRef: Ref<HTMLSelectElement>;
  onSent: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('myHealth');
  const id = useId();
  const [about, setAbout] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [send, sending] = useRequestCorrectionMutation();
  const fieldId = (field: Field) => `${id}-${field}`;
  const counterId = `${id}-counter`;

  /** Shows the messages and moves focus to the first field that has one. */
  function showErrors(found: Errors) {
    setErrors(found);
    const first = (['about', 'text'] as const).find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.isLoading) return;
    setFailure(null);
    const found: Errors = {};
    if (!about) found.about = CORRECTION_MESSAGES.aboutInvalid;
    const parsed = ZCorrectionRequestBody.safeParse({ about: aboutOf(groups, about), text });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'about' ? 'about' : 'text';
        found[field] ??= issue.message;
      }
    if (found.about || found.text || !parsed.success) return showErrors(found);
    setErrors({});
    try {
      await send({ patientId, ...parsed.data }).unwrap();
      onSent();
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors?.about || fieldErrors?.text)
        return showErrors({ about: fieldErrors.about, text: fieldErrors.text });
      setFailure(t(`refusals.${refusalOf(error).code}`, { phone: '' }));
    }
  }

  const length = text.trim().length;
  return (
    <form
      className={styles.form}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-title`}>{t('corrections.patient.formTitle')}</h3>
      <FormField
        id={fieldId('about')}
        label={t('corrections.patient.about')}
        error={correctionMessageText(t, errors.about)}
      >
        {(props) => (
          <select
            ref={firstRef}
            value={about}
            onChange={(event) => setAbout(event.target.value)}
            {...props}
          >
            <option value="">{t('corrections.patient.aboutChoose')}</option>
            {groups.map((group) => (
              <optgroup key={group.kind} label={t(`corrections.about.group.${group.kind}`)}>
                {group.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </optgroup>
            ))}
            <option value={ABOUT_OTHER}>{t('corrections.patient.aboutOther')}</option>
          </select>
        )}
      </FormField>
      <FormField
        id={fieldId('text')}
        label={t('corrections.patient.text')}
        hint={t('corrections.patient.textHint')}
        error={correctionMessageText(t, errors.text)}
      >
        {(props) => (
          <textarea
            rows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
            {...props}
            aria-describedby={[props['aria-describedby'], counterId].filter(Boolean).join(' ')}
          />
        )}
      </FormField>
      <p id={counterId} className={length > CORRECTION_TEXT_MAX ? styles.error : styles.hint}>
        {t('corrections.patient.counter', {
          number: plainNumber(length),
          max: plainNumber(CORRECTION_TEXT_MAX),
        })}
      </p>
      {failure && (
        <p role="alert" className={alert.danger}>
          {failure}
        </p>
      )}
      <FormActions
        className={styles.actions}
        isBusy={sending.isLoading}
        label={t('corrections.patient.send')}
        busyLabel={t('corrections.patient.sending')}
        cancelLabel={t('corrections.patient.cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}

/** One request: what it is about, when it was asked, its text, its state and the answer. */
function MyCorrection({
  correction,
  groups,
}: {
  correction: TCorrection;
  groups: readonly AboutGroup[];
}) {
  const { t } = useTranslation('myHealth');
  const { date } = useDateTime();
  const value = aboutValueOf(correction.about);
  const shown = groups.flatMap((group) => group.choices).find((one) => one.value === value);
  return (
    <li className={styles.item}>
      <p>
        <strong>{t(`corrections.status.${correction.status}`)}</strong>
        {' · '}
        {correction.answeredAt
          ? t('corrections.patient.askedAndAnswered', {
              asked: date(correction.requestedAt),
              answered: date(correction.answeredAt),
            })
          : t('corrections.patient.asked', { date: date(correction.requestedAt) })}
      </p>
      <p>
        {t('corrections.aboutLine', { label: shown?.label ?? kindLabelOf(t, correction.about) })}
      </p>
      <p className={styles.notes}>
        <bdi>{correction.text}</bdi>
      </p>
      {correction.answer && (
        <p className={styles.notes}>
          {t(
            `corrections.patient.answer.${correction.status === 'declined' ? 'declined' : 'accepted'}`,
          )}{' '}
          <bdi>{correction.answer}</bdi>
        </p>
      )}
    </li>
  );
}
