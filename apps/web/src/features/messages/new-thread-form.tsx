import { useId, useRef, useState, type FormEvent } from 'react';
import {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  MESSAGE_TEXTS,
} from '@portal/shared/message-threads';
import { useAppSelector } from '../../app/hooks.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import type { TThreadWithMessages } from './message-types.ts';
import { useMessagesCache } from './live-messages.ts';
import { useCreateThreadMutation } from './messages-api.ts';
import styles from './messages.module.css';

type Field = 'subject' | 'body';

/** The shared schema's English messages, as the API sends them in `fieldErrors`, by text key. */
const SERVER_MESSAGES: Record<string, string> = {
  [MESSAGE_TEXTS.subjectRequired]: 'new.subjectRequired',
  [MESSAGE_TEXTS.subjectTooLong]: 'new.subjectTooLong',
  [MESSAGE_TEXTS.subjectInvalid]: 'new.invalid',
  [MESSAGE_TEXTS.bodyRequired]: 'new.bodyRequired',
  [MESSAGE_TEXTS.bodyTooLong]: 'new.bodyTooLong',
  [MESSAGE_TEXTS.bodyInvalid]: 'new.invalid',
};

function checked(subject: string, body: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (subject.trim() === '') errors.subject = 'new.subjectRequired';
  else if ([...subject.trim()].length > MESSAGE_SUBJECT_MAX) errors.subject = 'new.subjectTooLong';
  if (body.trim() === '') errors.body = 'new.bodyRequired';
  else if ([...body.trim()].length > MESSAGE_BODY_MAX) errors.body = 'new.bodyTooLong';
  return errors;
}

/**
 * A new conversation about one patient: subject and first message, checked here as the API
 * checks them (its refusals land on their fields too); the first field in error takes focus.
 * The thread made is put in the cache, so it opens at once.
 */
export function NewThreadForm({
  patientId,
  onCreated,
}: {
  patientId: string;
  onCreated: (created: TThreadWithMessages) => void;
}) {
  const { t, i18n } = useTranslation('messages');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const cache = useMessagesCache();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateThreadMutation();
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const format = (n: number) => numberFormat(i18n.language).format(n);

  function showErrors(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const firstField = (['subject', 'body'] as const).find((field) => found[field]);
    if (firstField === 'subject') subjectRef.current?.focus();
    else if (firstField === 'body') bodyRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (creating.isLoading) return;
    setFailure(null);
    const found = checked(subject, body);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    const result = await create({ viewer, input: { patientId, subject, body } });
    if ('error' in result) {
      const refusal = apiErrorOf(result.error);
      const fieldErrors = refusal?.fieldErrors ?? {};
      const placed: Partial<Record<Field, string>> = {};
      for (const field of ['subject', 'body'] as const)
        if (fieldErrors[field])
          placed[field] = SERVER_MESSAGES[fieldErrors[field]] ?? 'new.invalid';
      if (Object.keys(placed).length > 0) return showErrors(placed);
      setFailure(t(refusal?.code === 'PATIENT_NOT_FOUND' ? 'new.patientNotFound' : 'new.failed'));
      return;
    }
    const created = result.data;
    cache.putThread({ viewer, id: created.thread._id }, created);
    onCreated(created);
  }

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={styles.fileError}>
        {t(errors[field])}
      </p>
    ) : null;
  const describedBy = (field: Field, ...others: string[]) =>
    [...others, errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className={styles.compose} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-subject`} className={styles.label}>
        {t('new.subject')}
      </label>
      <input
        ref={subjectRef}
        id={`${id}-subject`}
        className={styles.input}
        dir="auto"
        value={subject}
        maxLength={MESSAGE_SUBJECT_MAX}
        aria-invalid={errors.subject ? true : undefined}
        aria-describedby={describedBy('subject')}
        onChange={(event) => setSubject(event.target.value)}
      />
      {fieldError('subject')}
      <label htmlFor={`${id}-body`} className={styles.label}>
        {t('new.body')}
      </label>
      <textarea
        ref={bodyRef}
        id={`${id}-body`}
        className={styles.textarea}
        dir="auto"
        rows={5}
        value={body}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={describedBy('body', `${id}-count`)}
        onChange={(event) => setBody(event.target.value)}
      />
      <p id={`${id}-count`} className={styles.count}>
        {t('compose.count', { used: format([...body].length), max: format(MESSAGE_BODY_MAX) })}
      </p>
      {fieldError('body')}
      {failure && (
        <p role="alert" className={styles.fileError}>
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={creating.isLoading || undefined}>
          {creating.isLoading ? t('new.sending') : t('new.send')}
        </Button>
      </div>
    </form>
  );
}
