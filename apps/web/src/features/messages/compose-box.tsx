import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGE_BODY_MAX } from '@portal/shared/message-threads';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { useMessagesCache } from './live-messages.ts';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_REFUSALS,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE_MAX,
  type TAttachment,
  type TAttachmentRefusal,
} from './message-types.ts';
import { usePostMessageMutation, useUploadAttachmentMutation } from './messages-api.ts';
import { isolated } from './messages-text.ts';
import styles from './messages.module.css';

/** A file chosen for the next message: being uploaded, stored, or refused with its reason. */
interface ChosenFile {
  key: number;
  name: string;
  state: 'uploading' | 'done' | 'refused';
  attachment?: TAttachment;
  refusal?: TAttachmentRefusal | 'OTHER';
}

/** The refusal a file gets before any upload, by what the browser already knows of it. */
function refusalBeforeUpload(file: File): TAttachmentRefusal | undefined {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return 'ATTACHMENT_TYPE_NOT_ALLOWED';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'ATTACHMENT_TOO_LARGE';
  return undefined;
}

function refusalOf(error: unknown): TAttachmentRefusal | 'OTHER' {
  const code = apiErrorOf(error)?.code;
  return ATTACHMENT_REFUSALS.find((known) => known === code) ?? 'OTHER';
}

/**
 * The box that writes in a thread: the note that messages are not for emergencies (with the
 * practice's phone when there is one), the text with its count of characters, up to five files
 * (each uploaded as it is chosen, each refusal told beside its file) and Send. After sending,
 * focus stays in the text box, ready for the next message.
 */
export function ComposeBox({
  threadId,
  practicePhone,
  onClosed,
}: {
  threadId: string;
  practicePhone: string | null;
  /** The thread turned out to be closed (someone closed it meanwhile). */
  onClosed: () => void;
}) {
  const { t, i18n } = useTranslation('messages');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const cache = useMessagesCache();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [isInvalid, setInvalid] = useState(false);
  const [post, posting] = usePostMessageMutation();
  const [upload] = useUploadAttachmentMutation();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);

  const used = [...body].length;
  const isTooLong = used > MESSAGE_BODY_MAX;
  const format = (n: number) => numberFormat(i18n.language).format(n);
  const setFile = (key: number, change: Partial<ChosenFile>) =>
    setFiles((shown) => shown.map((file) => (file.key === key ? { ...file, ...change } : file)));

  function choose(chosen: FileList | null) {
    if (!chosen) return;
    const room = ATTACHMENTS_PER_MESSAGE_MAX - files.length;
    const added: ChosenFile[] = [];
    [...chosen].forEach((file, index) => {
      const key = nextKey.current++;
      if (index >= room) {
        announce(t('compose.tooMany', { name: isolated(file.name) }));
        return;
      }
      const early = refusalBeforeUpload(file);
      added.push({ key, name: file.name, state: early ? 'refused' : 'uploading', refusal: early });
      if (early) return;
      void upload({ viewer, threadId, file })
        .unwrap()
        .then((attachment) => {
          setFile(key, { state: 'done', attachment });
          announce(t('compose.uploaded', { name: isolated(file.name) }));
        })
        .catch((error: unknown) => setFile(key, { state: 'refused', refusal: refusalOf(error) }));
    });
    setFiles((shown) => [...shown, ...added]);
    // The same file may be chosen again after it was removed.
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  function remove(file: ChosenFile) {
    setFiles((shown) => shown.filter((each) => each.key !== file.key));
    announce(t('compose.removed', { name: isolated(file.name) }));
    fileInputRef.current?.focus();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (posting.isLoading) return;
    setFailure(null);
    const attachmentIds = files.flatMap((file) => (file.attachment ? [file.attachment._id] : []));
    if (files.some((file) => file.state !== 'done')) {
      setFailure(t('compose.waitForFiles'));
      return;
    }
    if (isTooLong || (body.trim() === '' && attachmentIds.length === 0)) {
      setInvalid(true);
      setFailure(t(isTooLong ? 'compose.tooLong' : 'compose.required'));
      textRef.current?.focus();
      return;
    }
    const result = await post({
      viewer,
      threadId,
      input: { body, ...(attachmentIds.length > 0 && { attachmentIds }) },
    });
    if ('error' in result) {
      const code = apiErrorOf(result.error)?.code;
      if (code === 'THREAD_CLOSED') {
        setFailure(t('compose.closed'));
        onClosed();
      } else setFailure(t('compose.failed'));
      return;
    }
    cache.addMessage(result.data);
    setBody('');
    setFiles([]);
    setInvalid(false);
    announce(t('compose.sent'));
    textRef.current?.focus();
  }

  const noteId = `${id}-note`;
  const countId = `${id}-count`;
  const failureId = `${id}-failure`;
  const hintId = `${id}-files-hint`;
  return (
    <form className={styles.compose} onSubmit={(event) => void send(event)} noValidate>
      <p id={noteId} className={styles.note}>
        {practicePhone
          ? t('compose.emergency', { phone: isolated(practicePhone) })
          : t('compose.emergencyNoPhone')}
      </p>
      <label htmlFor={`${id}-body`} className={styles.label}>
        {t('compose.label')}
      </label>
      <textarea
        ref={textRef}
        id={`${id}-body`}
        className={styles.textarea}
        dir="auto"
        rows={4}
        value={body}
        aria-invalid={isInvalid || isTooLong || undefined}
        aria-describedby={[noteId, countId, failure ? failureId : undefined]
          .filter(Boolean)
          .join(' ')}
        onChange={(event) => {
          setBody(event.target.value);
          setInvalid(false);
        }}
      />
      <p id={countId} className={isTooLong ? styles.countOver : styles.count}>
        {t('compose.count', { used: format(used), max: format(MESSAGE_BODY_MAX) })}
      </p>
      <div className={styles.attach}>
        <label htmlFor={`${id}-files`} className={styles.label}>
          {t('compose.attach')}
        </label>
        <p id={hintId} className={styles.muted}>
          {t('compose.attachHint')}
        </p>
        <input
          ref={fileInputRef}
          id={`${id}-files`}
          type="file"
          multiple
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          aria-describedby={hintId}
          disabled={files.length >= ATTACHMENTS_PER_MESSAGE_MAX}
          onChange={(event) => choose(event.target.files)}
        />
        {files.length > 0 && (
          <ul className={styles.chosen} aria-label={t('compose.files')}>
            {files.map((file) => (
              <li key={file.key} className={styles.chosenFile}>
                <bdi className={styles.chosenName}>{file.name}</bdi>
                {file.state === 'uploading' && (
                  <span className={styles.muted}>{t('compose.uploading')}</span>
                )}
                {file.state === 'refused' && (
                  <span role="alert" className={styles.fileError}>
                    {t(`compose.refusals.${file.refusal ?? 'OTHER'}`, {
                      name: isolated(file.name),
                    })}
                  </span>
                )}
                <Button variant="secondary" className={styles.small} onClick={() => remove(file)}>
                  <span aria-hidden="true">×</span>
                  <span className="visually-hidden">
                    {t('compose.remove', { name: isolated(file.name) })}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {failure && (
        <p id={failureId} role="alert" className={styles.fileError}>
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={posting.isLoading || undefined}>
          {posting.isLoading ? t('compose.sending') : t('compose.send')}
        </Button>
      </div>
    </form>
  );
}
