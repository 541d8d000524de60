import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { Button } from '../../ui/button.tsx';
import { useLiveMessages } from './live-messages.ts';
import { useListThreadsQuery } from './messages-api.ts';
import { NewThreadForm } from './new-thread-form.tsx';
import { ThreadView } from './thread-view.tsx';
import styles from './messages.module.css';

/**
 * The conversation about one patient, for a page that shows the patient beside something else
 * (the video call): the patient's newest open thread with its compose box, or "Start a
 * conversation". A conversation started here opens in place, focus on its heading.
 */
export function PatientConversation({ patientId }: { patientId: string }) {
  const { t } = useTranslation('messages');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const threads = useListThreadsQuery({ viewer, box: 'mine', patientId });
  const [createdId, setCreatedId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shouldFocus = useRef(false);
  useLiveMessages();

  const openThread = threads.data?.threads.find((thread) => thread.closedAt === null);
  const threadId = createdId ?? openThread?._id;
  useEffect(() => {
    if (shouldFocus.current && heading.current) {
      shouldFocus.current = false;
      heading.current.focus();
    }
  });

  let content;
  if (threadId)
    content = (
      <>
        <ThreadView key={threadId} threadId={threadId} headingLevel={2} headingRef={heading} />
        <p className={styles.back}>
          <Link to={`/messages/${encodeURIComponent(threadId)}`}>{t('patient.open')}</Link>
        </p>
      </>
    );
  else if (threads.isError)
    content = (
      <div role="alert" className={styles.failure}>
        <p>{t('patient.failed')}</p>
        <Button variant="secondary" onClick={() => void threads.refetch()}>
          {t('thread.retry')}
        </Button>
      </div>
    );
  else if (!threads.data)
    content = (
      <p role="status" className={styles.muted}>
        {t('patient.loading')}
      </p>
    );
  else
    content = (
      <>
        <h2 id={`${id}-start`}>{t('patient.start')}</h2>
        <NewThreadForm
          patientId={patientId}
          onCreated={({ thread }) => {
            shouldFocus.current = true;
            setCreatedId(thread._id);
            announce(t('new.started'));
          }}
        />
      </>
    );
  return (
    <section className={styles.conversation} aria-label={t('patient.title')}>
      {content}
    </section>
  );
}
