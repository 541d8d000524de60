import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announceWithNextPage } from '../../lib/a11y/announcer.ts';
import pageStyles from '../../ui/page.module.css';
import { NewThreadForm } from './new-thread-form.tsx';
import { isolated } from './messages-text.ts';
import styles from './messages.module.css';

/** What the "Message" actions hand over: the patient's name, never put in the address. */
export interface NewThreadState {
  patientName?: string;
}

/**
 * `/messages/new?patientId=`: a new conversation about one patient, opened by "Message" in the
 * patient's details (the practitioner) or in My health (the linked person). Once sent, the new
 * thread opens, and the layout puts focus on its heading.
 */
export function NewThreadPage() {
  const { t } = useTranslation('messages');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { state } = useLocation() as { state: NewThreadState | null };
  const patientId = params.get('patientId');
  return (
    <article className={`${pageStyles.card} ${styles.page}`} aria-labelledby="new-thread-title">
      <p className={styles.back}>
        <Link to="/messages">{t('thread.back')}</Link>
      </p>
      <h1 id="new-thread-title">{t('new.title')}</h1>
      {state?.patientName && (
        <p className={styles.muted}>{t('new.about', { name: isolated(state.patientName) })}</p>
      )}
      {patientId ? (
        <NewThreadForm
          patientId={patientId}
          onCreated={({ thread }) => {
            announceWithNextPage(t('new.started'));
            void navigate(`/messages/${encodeURIComponent(thread._id)}`, { replace: true });
          }}
        />
      ) : (
        <p className={styles.empty}>{t('new.noPatient')}</p>
      )}
    </article>
  );
}
