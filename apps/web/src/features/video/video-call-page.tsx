import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { usePageTitle } from '../../lib/a11y/page-title.ts';
import { Button } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';
import { CallControls } from './call-controls.tsx';
import { CallEnd } from './call-end.tsx';
import type { CallState } from './call-session.ts';
import { CallStage } from './call-stage.tsx';
import { named, usePeerAnnouncements } from './peer-announcements.ts';
import { useCallSession } from './use-call-session.ts';
import styles from './video.module.css';

export interface VideoCallPageProps {
  /** The practitioner's part beside the call (the appointment's status, a visit note). */
  practitionerTools?: (appointmentId: string) => ReactNode;
  /** The aside's content: the messages of the visit's patient (unknown until joined). */
  messages: (patientId: string | undefined) => ReactNode;
}

/**
 * `/video/:appointmentId`: one side of a video visit. Joins, shows the camera's preview and the
 * choice of devices, waits for the other side, then the call with its controls; every ending
 * (leave, the other side's leave, the window's end, the call opened elsewhere) and every refusal
 * becomes the end screen. Focus goes to the call's heading when it opens and to the end
 * screen's heading when it ends.
 */
export function VideoCallPage({ practitionerTools, messages }: VideoCallPageProps) {
  const { appointmentId = '' } = useParams();
  // Join again: a new session, from joining.
  const [attempt, setAttempt] = useState(0);
  const { session, state } = useCallSession(appointmentId, attempt);
  const joinAgain = useCallback(() => setAttempt((n) => n + 1), []);
  return state.phase === 'ended' ? (
    <CallEnd state={state} onJoinAgain={joinAgain} />
  ) : (
    <CallScreen
      appointmentId={appointmentId}
      state={state}
      session={session}
      practitionerTools={practitionerTools}
      messages={messages}
    />
  );
}

function CallScreen({
  appointmentId,
  state,
  session,
  practitionerTools,
  messages,
}: VideoCallPageProps & {
  appointmentId: string;
  state: CallState;
  session: ReturnType<typeof useCallSession>['session'];
}) {
  const { t } = useTranslation('video');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { join } = state;
  const peerName = join ? (join.peerName ?? t(`someone.${join.role}`)) : '';
  const title = join?.peerName ? t('titleWith', { name: named(join.peerName) }) : t('title');
  usePageTitle(title);
  usePeerAnnouncements(state, peerName);

  // The call's heading takes focus once the call opens (its title then names the other side).
  const isJoined = join !== null;
  useEffect(() => {
    if (isJoined) headingRef.current?.focus();
  }, [isJoined]);
  const lost = state.isConnectionLost;
  useEffect(() => {
    if (lost) announce(t('connectionLost'));
  }, [lost, t]);

  return (
    <div className={styles.page}>
      <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      <p role="status" className={styles.status}>
        {statusText(state, peerName, t)}
      </p>
      <div className={styles.layout}>
        <section className={styles.call} aria-labelledby={`${id}-title`}>
          {state.isAskingAudioOnly && state.mediaProblem && (
            <div className={alert.dangerWithAction} role="alert">
              <p>{t(`media.${state.mediaProblem}`)}</p>
              <Button onClick={() => session?.continueAudioOnly()}>{t('media.audioOnly')}</Button>
            </div>
          )}
          {state.mediaProblem && !state.isAskingAudioOnly && state.phase !== 'preparing' && (
            <p className={styles.note}>
              {state.has.audio ? t('media.isAudioOnly') : t('media.none')}
            </p>
          )}
          {state.isConnectionLost && <p className={alert.danger}>{t('connectionLost')}</p>}
          <CallStage state={state} peerName={peerName} />
          {session && join && <CallControls state={state} session={session} />}
          {join?.role === 'practitioner' && practitionerTools?.(appointmentId)}
        </section>
        <aside className={styles.aside} aria-labelledby={`${id}-messages`}>
          <h2 id={`${id}-messages`} className={styles.asideTitle}>
            {t('messages.title')}
          </h2>
          {messages(join?.patientId)}
        </aside>
      </div>
    </div>
  );
}

function statusText(
  state: CallState,
  peerName: string,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  switch (state.phase) {
    case 'joining':
    case 'preparing':
      return t('joining');
    case 'waiting':
      return t('waiting', { name: named(peerName) });
    case 'connecting':
      return t('connecting');
    case 'connected':
      return t('connected');
    default:
      return '';
  }
}
