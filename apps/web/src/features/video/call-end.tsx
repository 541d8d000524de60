import { useEffect, useId, useRef } from 'react';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
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

/** A clock ahead of the server's is refused again at the time: it asks again no sooner than this. */
const REJOIN_AT_LEAST_AFTER_MS = 10_000;
/** Further off than this, no timer is kept (a timer's delay holds about 24 days at most). */
const REJOIN_AT_MOST_AFTER_MS = 24 * 60 * 60_000;

/** Joins once, when the call's window opens (`opensAt`), saying so politely. */
function useJoinWhenOpen(opensAt: string | undefined, join: () => void, saying: string) {
  useEffect(() => {
    if (!opensAt) return;
    const wait = Date.parse(opensAt) - Date.now();
    if (!(wait <= REJOIN_AT_MOST_AFTER_MS)) return;
    const timer = setTimeout(
      () => {
        announce(saying);
        join();
      },
      Math.max(wait, REJOIN_AT_LEAST_AFTER_MS),
    );
    return () => clearTimeout(timer);
  }, [opensAt, join, saying]);
}

/** "10:50" today, with the day otherwise, in the reader's language and time zone. */
function openingTime(opensAt: string, language: string): string {
  const when = new Date(opensAt);
  const isToday = when.toDateString() === new Date().toDateString();
  return dateTimeFormat(language, {
    ...(!isToday && { dateStyle: 'medium' }),
    timeStyle: 'short',
  }).format(when);
}

/**
 * Why the call ended or could not start, with the way back; its heading takes focus. Before the
 * call's window opens it says when, and joins by itself then.
 */
export function CallEnd({
  state,
  onJoinAgain,
}: {
  state: CallState;
  /** The same function from render to render: a new one restarts the wait for the opening. */
  onJoinAgain: () => void;
}) {
  const { t, i18n } = useTranslation('video');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reason = state.end?.reason ?? 'failed';
  const opensAt = reason === 'notOpen' ? state.end?.opensAt : undefined;
  const role = state.join?.role;
  const title = opensAt
    ? t('end.notYetTitle')
    : REFUSALS.includes(reason)
      ? t('end.refusedTitle')
      : t('end.endedTitle');
  usePageTitle(title);
  useEffect(() => headingRef.current?.focus(), []);
  useJoinWhenOpen(opensAt, onJoinAgain, t('end.opening'));

  let text: string;
  if (opensAt) text = t('end.opensAt', { time: openingTime(opensAt, i18n.language) });
  else if (reason === 'ended') {
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
