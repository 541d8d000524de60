import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { usePageTitle } from '../../lib/a11y/page-title.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import type { CallState, EndReason } from './call-session.ts';
import { named } from './peer-announcements.ts';
import styles from './video.module.css';

/** Refusals: the call never started. */
const REFUSALS: readonly EndReason[] = ['notFound', 'notOpen', 'failed'];
/** Endings after which joining again makes sense (the window is still open). */
const REJOINABLE: readonly EndReason[] = ['replaced', 'failed'];

/** The way back: the agenda for the practitioner, My health for the patient. */
const BACK = {
  practitioner: { to: '/appointments', text: 'end.backPractitioner' },
  patient: { to: '/my-health', text: 'end.backPatient' },
  unknown: { to: '/', text: 'end.backHome' },
} as const;

/** Why the call ended or could not start, with the way back; its heading takes focus. */
export function CallEnd({ state, onJoinAgain }: { state: CallState; onJoinAgain: () => void }) {
  const { t } = useTranslation('video');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reason = state.end?.reason ?? 'failed';
  const role = state.join?.role;
  const title = REFUSALS.includes(reason) ? t('end.refusedTitle') : t('end.endedTitle');
  usePageTitle(title);
  useEffect(() => headingRef.current?.focus(), []);

  let text: string;
  if (reason === 'ended') {
    const by = state.end?.by;
    text =
      by && by !== role
        ? t('end.endedBy', { name: named(state.join?.peerName ?? t(`someone.${by}`)) })
        : t('end.ended');
  } else text = t(`end.${reason}`);

  return (
    <div className={styles.page}>
      <section className={styles.end} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        <p>{text}</p>
        <div className={styles.endActions}>
          {REJOINABLE.includes(reason) && (
            <Button onClick={onJoinAgain}>{t('end.joinAgain')}</Button>
          )}
          <ButtonLink
            variant={REJOINABLE.includes(reason) ? 'secondary' : 'primary'}
            to={BACK[role ?? 'unknown'].to}
          >
            {t(BACK[role ?? 'unknown'].text)}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
