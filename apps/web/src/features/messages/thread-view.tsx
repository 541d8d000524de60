import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { AttachmentFile } from './attachment-file.tsx';
import { useMessagesCache } from './live-messages.ts';
import { ComposeBox } from './compose-box.tsx';
import type { TMessageThread, TThreadMessage } from './message-types.ts';
import {
  useCloseThreadMutation,
  useGetThreadQuery,
  useMarkThreadReadMutation,
} from './messages-api.ts';
import { authorOf, counterpartOf, isPractitionerOf } from './messages-text.ts';
import styles from './messages.module.css';

/**
 * One conversation: its subject as the heading, whom it is about, the messages oldest at the top
 * and newest at the bottom ("Load earlier messages" reads the page before), marked read while
 * shown, Close for the practitioner (asked about first), and the compose box while it is open.
 * A message arriving on the live stream joins the list without moving focus.
 */
export function ThreadView({
  threadId,
  headingLevel = 1,
  headingRef,
}: {
  threadId: string;
  /** 1 on the thread's own page; 2 where it is a section of another page. */
  headingLevel?: 1 | 2;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation('messages');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const readerName = useAppSelector((state) => state.auth.userData?.name);
  const newest = useGetThreadQuery({ viewer, id: threadId });
  const [olderCursors, setOlderCursors] = useState<string[]>([]);
  const oldestCursor = olderCursors.at(-1);
  const oldest = useGetThreadQuery(
    { viewer, id: threadId, ...(oldestCursor && { cursor: oldestCursor }) },
    { skip: oldestCursor === undefined },
  );
  const [markRead] = useMarkThreadReadMutation();
  const markedUpTo = useRef<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const earlierButton = useRef<HTMLButtonElement>(null);

  const thread = newest.data?.thread;
  const newestMessage = newest.data?.messages[0];
  // Shown means read: at once, and again when a message from someone else arrives.
  useEffect(() => {
    if (!thread || !newestMessage || markedUpTo.current === newestMessage._id) return;
    if (thread.unreadCount === 0 && (markedUpTo.current === null || newestMessage.isMine)) {
      markedUpTo.current = newestMessage._id;
      return;
    }
    markedUpTo.current = newestMessage._id;
    void markRead({ viewer, id: threadId });
  }, [thread, newestMessage, markRead, viewer, threadId]);

  const isEarlierFailed = oldestCursor !== undefined && !oldest.data && oldest.isError;
  const isLoadingEarlier = oldestCursor !== undefined && !oldest.data && !oldest.isError;
  // While an earlier page loads its button stays (busy), so focus stays on it.
  const earlierCursor = isLoadingEarlier
    ? oldestCursor
    : (oldestCursor === undefined ? newest.data : oldest.data)?.nextCursor;
  // When the last earlier page has come, the button goes: focus goes to the list's heading.
  useEffect(() => {
    if (earlierCursor === undefined && document.activeElement === document.body)
      listHeading.current?.focus();
  }, [earlierCursor]);

  if (!newest.data) {
    if (newest.isError) {
      // A malformed id (400) is as missing as another person's thread (404).
      const status = (newest.error as { status?: unknown }).status;
      const isMissing = status === 404 || status === 400;
      return (
        <div role="alert" className={styles.failure}>
          <p>{t(isMissing ? 'thread.notFound' : 'thread.failed')}</p>
          {!isMissing && (
            <Button variant="secondary" onClick={() => void newest.refetch()}>
              {t('thread.retry')}
            </Button>
          )}
        </div>
      );
    }
    return (
      <p role="status" className={styles.muted}>
        {t('thread.loading')}
      </p>
    );
  }

  const { thread: shown } = newest.data;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  const pages = [...olderCursors].reverse();
  const allMessages = newest.data.messages;

  return (
    <div className={styles.thread}>
      <div className={styles.threadHead}>
        {/* The subject is the writer's text: isolated, in the page's alignment. */}
        <Heading ref={headingRef} tabIndex={-1} className={styles.subject}>
          <bdi>{shown.subject}</bdi>
        </Heading>
        <p className={styles.muted}>{counterpartOf(t, shown, { box: 'mine', readerName })}</p>
      </div>
      <section aria-labelledby={`messages-${threadId}`} className={styles.messagesSection}>
        <SubHeading
          id={`messages-${threadId}`}
          ref={listHeading}
          tabIndex={-1}
          className="visually-hidden"
        >
          {t('thread.messages')}
        </SubHeading>
        {earlierCursor !== undefined && !isEarlierFailed && (
          <Button
            ref={earlierButton}
            variant="secondary"
            className={styles.earlier}
            aria-disabled={isLoadingEarlier || undefined}
            onClick={() => {
              if (!isLoadingEarlier && earlierCursor !== undefined)
                setOlderCursors((shownCursors) => [...shownCursors, earlierCursor]);
            }}
          >
            {t('thread.loadEarlier')}
          </Button>
        )}
        {isEarlierFailed && (
          <div role="alert" className={styles.failure}>
            <p>{t('thread.failed')}</p>
            <Button variant="secondary" onClick={() => void oldest.refetch()}>
              {t('thread.retry')}
            </Button>
          </div>
        )}
        {isLoadingEarlier && (
          <p role="status" className={styles.muted}>
            {t('thread.loadingEarlier')}
          </p>
        )}
        <ol className={styles.messages}>
          {pages.map((cursor) => (
            <OlderPage key={cursor} threadId={threadId} cursor={cursor} language={i18n.language} />
          ))}
          {[...allMessages].reverse().map((message) => (
            <MessageItem key={message._id} message={message} language={i18n.language} />
          ))}
        </ol>
      </section>
      <ThreadState
        thread={shown}
        messages={allMessages}
        readerName={readerName}
        language={i18n.language}
      />
    </div>
  );
}

/** A page of older messages, oldest first. */
function OlderPage({
  threadId,
  cursor,
  language,
}: {
  threadId: string;
  cursor: string;
  language: string;
}) {
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const page = useGetThreadQuery({ viewer, id: threadId, cursor });
  return (
    <>
      {[...(page.data?.messages ?? [])].reverse().map((message) => (
        <MessageItem key={message._id} message={message} language={language} />
      ))}
    </>
  );
}

function MessageItem({ message, language }: { message: TThreadMessage; language: string }) {
  const { t } = useTranslation('messages');
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(message.createdAt),
  );
  return (
    <li className={message.isMine ? styles.mine : styles.theirs}>
      <article className={styles.message} aria-label={`${authorOf(t, message)}, ${when}`}>
        <p className={styles.byline}>
          <bdi className={styles.author}>{authorOf(t, message)}</bdi>{' '}
          <time dateTime={message.createdAt} className={styles.muted}>
            {when}
          </time>
        </p>
        {message.body && (
          <p dir="auto" className={styles.body}>
            {message.body}
          </p>
        )}
        {message.attachments.length > 0 && (
          <ul className={styles.attachments}>
            {message.attachments.map((attachment) => (
              <AttachmentFile
                key={attachment._id}
                threadId={message.threadId}
                attachment={attachment}
              />
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

/** Open: Close (the practitioner's, asked about first) and the compose box. Closed: says so. */
function ThreadState({
  thread,
  messages,
  readerName,
  language,
}: {
  thread: TMessageThread;
  messages: TThreadMessage[];
  readerName: string | undefined;
  language: string;
}) {
  const { t } = useTranslation('messages');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [isConfirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [close, closing] = useCloseThreadMutation();
  const cache = useMessagesCache();
  const { ref: confirmRef, request: focusConfirm } = useFocusAfterRender<HTMLButtonElement>();
  const { ref: openerRef, request: focusOpener } = useFocusAfterRender<HTMLButtonElement>();
  const { ref: closedRef, request: focusClosed } = useFocusAfterRender<HTMLParagraphElement>();
  const { refetch } = useGetThreadQuery({ viewer, id: thread._id });

  if (thread.closedAt) {
    const date = dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(thread.closedAt));
    return (
      <p ref={closedRef} tabIndex={-1} className={styles.closedNote}>
        {t('thread.closedOn', { date })}
      </p>
    );
  }

  async function confirmClose() {
    if (closing.isLoading) return;
    setFailure(null);
    const result = await close({ viewer, id: thread._id });
    if ('error' in result && apiErrorOf(result.error)?.code !== 'THREAD_CLOSED') {
      setFailure(t('thread.closeFailed'));
      return;
    }
    if ('data' in result && result.data) cache.setThread(result.data);
    setConfirming(false);
    announce(t('thread.closedNow'));
    focusClosed();
  }

  const mayClose = isPractitionerOf(thread, messages, readerName);
  return (
    <>
      {mayClose && (
        <div className={styles.closeArea}>
          {!isConfirming ? (
            <Button
              ref={openerRef}
              variant="secondary"
              onClick={() => {
                setConfirming(true);
                focusConfirm();
              }}
            >
              {t('thread.close')}
            </Button>
          ) : (
            <div role="group" aria-labelledby={`${id}-close`} className={styles.confirm}>
              <p id={`${id}-close`}>{t('thread.closeQuestion')}</p>
              <div className={styles.actions}>
                <Button
                  ref={confirmRef}
                  variant="danger"
                  aria-disabled={closing.isLoading || undefined}
                  onClick={() => void confirmClose()}
                >
                  {t('thread.closeConfirm')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setConfirming(false);
                    focusOpener();
                  }}
                >
                  {t('thread.closeKeep')}
                </Button>
              </div>
            </div>
          )}
          {failure && (
            <p role="alert" className={styles.fileError}>
              {failure}
            </p>
          )}
        </div>
      )}
      <ComposeBox
        threadId={thread._id}
        practicePhone={thread.kind === 'clinical' ? thread.practicePhone : null}
        onClosed={() => void refetch()}
      />
    </>
  );
}
