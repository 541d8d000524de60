import { NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { Icon } from '../../ui/icon.tsx';
import { useLiveMessages } from './live-messages.ts';
import { useListThreadsQuery } from './messages-api.ts';
import styles from './messages.module.css';

/**
 * The header's "Messages", for a signed-in reader: the unread messages of the first page of the
 * inbox, kept current by the live stream, which this link keeps open on every page. A message
 * from someone else is read out politely as it arrives; focus stays where the reader is. Nothing
 * but the link shows while the inbox loads or when it fails: /messages says itself what went wrong.
 */
export default function MessagesHeaderLink({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('messages');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const { data } = useListThreadsQuery({ viewer, box: 'mine' });
  const unread = data?.threads.reduce((sum, thread) => sum + thread.unreadCount, 0) ?? 0;
  useLiveMessages((event) => {
    if (event.type !== 'message' || event.message.isMine) return;
    const { message } = event;
    if (message.authorRole === 'support') announce(t('live.arrivedSupport'));
    else if (message.authorName) announce(t('live.arrived', { name: message.authorName }));
    else announce(t('live.arrivedUnknown'));
  });
  return (
    <NavLink
      to="/messages"
      className={[styles.headerLink, className].filter(Boolean).join(' ')}
      aria-label={unread > 0 ? t('header.unread', { count: unread }) : t('header.link')}
    >
      <Icon name="mail" />
      <span className={styles.headerLinkText}>{t('header.link')}</span>
      {unread > 0 && (
        <span className={styles.headerCount} aria-hidden="true">
          {numberFormat(i18n.language).format(unread)}
        </span>
      )}
    </NavLink>
  );
}
