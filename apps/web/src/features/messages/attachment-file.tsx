import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { useTranslation } from '../../i18n/use-translation.ts';
import { resolveToken } from '../../lib/api/base-query.ts';
import type { TAttachment } from './message-types.ts';
import { fileSize, isolated } from './messages-text.ts';
import styles from './messages.module.css';

const segment = encodeURIComponent;

/**
 * A file's bytes, read with `fetch` and the bearer token in its header: a token in an address
 * would be logged on the way, and an `<img src>` pointing at the API could send none.
 */
async function readAttachment({
  getState,
  threadId,
  attachment,
  signal,
}: {
  getState: () => unknown;
  threadId: string;
  attachment: TAttachment;
  signal?: AbortSignal;
}): Promise<Blob> {
  const token = await resolveToken(getState);
  const response = await fetch(
    `/api/messages/threads/${segment(threadId)}/attachments/${segment(attachment._id)}`,
    { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal, cache: 'no-store' },
  );
  if (!response.ok) throw new Error(`status ${response.status}`);
  return new Blob([await response.blob()], { type: attachment.type });
}

/** A picture's object URL while it is on screen; revoked when it leaves. */
function usePictureUrl(threadId: string, attachment: TAttachment, isPicture: boolean) {
  const store = useStore();
  const [state, setState] = useState<{ url?: string; isFailed: boolean }>({ isFailed: false });
  useEffect(() => {
    if (!isPicture) return;
    const abort = new AbortController();
    let url: string | undefined;
    readAttachment({ getState: store.getState, threadId, attachment, signal: abort.signal })
      .then((blob) => {
        if (abort.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url, isFailed: false });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ isFailed: true });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [store, threadId, attachment, isPicture]);
  return state;
}

/**
 * One file of a message: a picture as a thumbnail (read when shown), and every file as a link
 * that saves it, its bytes read when pressed.
 */
export function AttachmentFile({
  threadId,
  attachment,
}: {
  threadId: string;
  attachment: TAttachment;
}) {
  const { t, i18n } = useTranslation('messages');
  const store = useStore();
  const isPicture = attachment.type !== 'application/pdf';
  const picture = usePictureUrl(threadId, attachment, isPicture);
  const [isSaveFailed, setSaveFailed] = useState(false);
  const name = isolated(attachment.name);

  async function save() {
    setSaveFailed(false);
    try {
      const blob = await readAttachment({ getState: store.getState, threadId, attachment });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = attachment.name;
      anchor.click();
      // The browser has taken the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      setSaveFailed(true);
    }
  }

  return (
    <li className={styles.attachment}>
      {isPicture &&
        (picture.url ? (
          <img
            className={styles.thumbnail}
            src={picture.url}
            alt={t('attachment.picture', { name })}
          />
        ) : (
          <span className={styles.thumbnailSlot}>
            {picture.isFailed
              ? t('attachment.failed', { name })
              : t('attachment.loading', { name })}
          </span>
        ))}
      <button type="button" className={styles.fileLink} onClick={() => void save()}>
        <bdi>{attachment.name}</bdi>{' '}
        <span className={styles.muted}>({fileSize(i18n.language, attachment.size)})</span>
      </button>
      {isSaveFailed && (
        <p role="alert" className={styles.fileError}>
          {t('attachment.failed', { name })}
        </p>
      )}
    </li>
  );
}
