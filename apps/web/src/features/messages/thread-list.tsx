import { useEffect, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import type { TMessageThread } from './message-types.ts';
import { useListThreadsQuery, type Box } from './messages-api.ts';
import { counterpartOf } from './messages-text.ts';
import styles from './messages.module.css';

/**
 * An inbox: its threads newest activity first, each with its subject (the link into it), whom it
 * is about or with, when it last moved, its unread count and whether it is closed; "More" adds
 * the next page (the `Link` header's) under the last, and its first thread takes focus.
 */
export function ThreadList({ box }: { box: Box }) {
  const { t } = useTranslation('messages');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const first = useListThreadsQuery({ viewer, box });
  const [cursors, setCursors] = useState<string[]>([]);

  if (!first.data) {
    if (first.isError)
      return (
        <div role="alert" className={styles.failure}>
          <p>{t('inbox.failed')}</p>
          <Button variant="secondary" onClick={() => void first.refetch()}>
            {t('inbox.retry')}
          </Button>
        </div>
      );
    return (
      <p role="status" className={styles.muted}>
        {t('inbox.loading')}
      </p>
    );
  }
  if (first.data.threads.length === 0)
    return (
      <p className={styles.empty}>{t(box === 'support' ? 'inbox.emptySupport' : 'inbox.empty')}</p>
    );

  const pages = [undefined, ...cursors];
  return (
    <ul className={styles.threads}>
      {pages.map((cursor, index) => (
        <ThreadPage
          key={cursor ?? 'first'}
          box={box}
          cursor={cursor}
          isLast={index === pages.length - 1}
          onMore={(next) =>
            setCursors((shown) => (shown.includes(next) ? shown : [...shown, next]))
          }
        />
      ))}
    </ul>
  );
}

function ThreadPage({
  box,
  cursor,
  isLast,
  onMore,
}: {
  box: Box;
  cursor?: string;
  isLast: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('messages');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const page = useListThreadsQuery({ viewer, box, ...(cursor && { cursor }) });
  const firstLink = useRef<HTMLAnchorElement>(null);
  const isFocused = useRef(false);
  // A page added by "More" puts focus on its first thread, where the reader goes on.
  useEffect(() => {
    if (cursor === undefined || isFocused.current || !firstLink.current) return;
    isFocused.current = true;
    firstLink.current.focus();
  });

  if (page.isError)
    return (
      <li role="alert" className={styles.failure}>
        <p>{t('inbox.failed')}</p>
        <Button variant="secondary" onClick={() => void page.refetch()}>
          {t('inbox.retry')}
        </Button>
      </li>
    );
  if (!page.data)
    return (
      <li role="status" className={styles.muted}>
        {t('inbox.loadingMore')}
      </li>
    );
  const { nextCursor } = page.data;
  return (
    <>
      {page.data.threads.map((thread, index) => (
        <ThreadRow
          key={thread._id}
          thread={thread}
          box={box}
          linkRef={index === 0 ? firstLink : undefined}
        />
      ))}
      {isLast && nextCursor && (
        <li className={styles.more}>
          <Button variant="secondary" onClick={() => onMore(nextCursor)}>
            {t('inbox.more')}
          </Button>
        </li>
      )}
    </>
  );
}

function ThreadRow({
  thread,
  box,
  linkRef,
}: {
  thread: TMessageThread;
  box: Box;
  linkRef?: Ref<HTMLAnchorElement>;
}) {
  const { t, i18n } = useTranslation('messages');
  const readerName = useAppSelector((state) => state.auth.userData?.name);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(thread.lastMessageAt),
  );
  const isUnread = thread.unreadCount > 0;
  return (
    <li className={isUnread ? `${styles.threadRow} ${styles.unread}` : styles.threadRow}>
      <Link
        ref={linkRef}
        to={`/messages/${encodeURIComponent(thread._id)}`}
        className={styles.threadLink}
      >
        <bdi>{thread.subject}</bdi>
      </Link>
      <p className={styles.muted}>{counterpartOf(t, thread, { box, readerName })}</p>
      <p className={styles.threadFacts}>
        <span className={styles.muted}>{t('inbox.lastActivity', { time: when })}</span>
        {isUnread && (
          <span className={styles.badge}>{t('inbox.unread', { count: thread.unreadCount })}</span>
        )}
        {thread.closedAt && <span className={styles.tag}>{t('inbox.closed')}</span>}
        {thread.kind === 'support' && thread.isMember && (
          <span className={styles.tag}>{t('inbox.member')}</span>
        )}
      </p>
    </li>
  );
}
