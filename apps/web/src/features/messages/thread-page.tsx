import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { usePageTitle } from '../../lib/a11y/page-title.ts';
import pageStyles from '../../ui/page.module.css';
import { useLiveMessages } from './live-messages.ts';
import { useGetThreadQuery } from './messages-api.ts';
import { ThreadView } from './thread-view.tsx';
import styles from './messages.module.css';

/** `/messages/:threadId`: one conversation, with the way back to the inbox. */
export function ThreadPage() {
  const { threadId = '' } = useParams();
  const { t } = useTranslation('messages');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const { data } = useGetThreadQuery({ viewer, id: threadId });
  usePageTitle(data?.thread.subject ?? t('title'));
  useLiveMessages();
  return (
    <article className={`${pageStyles.card} ${styles.page}`}>
      <p className={styles.back}>
        <Link to="/messages">{t('thread.back')}</Link>
      </p>
      {/* Another thread is another page: nothing of the last one's (a draft, a question) stays. */}
      <ThreadView key={threadId} threadId={threadId} />
    </article>
  );
}
