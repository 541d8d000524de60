import { useEffect, useState, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import { useTranslation } from '../../i18n/use-translation.ts';
import { resolveToken } from '../../lib/api/base-query.ts';
import { openEventStream } from '../../lib/sse/event-stream.ts';
import { callEventOf } from './call-events.ts';
import { CallSession, INITIAL_CALL_STATE, type CallState } from './call-session.ts';
import { useJoinVideoMutation, useSendSignalMutation, videoEventsUrl } from './video-api.ts';

/** The screen's current session (a new one for each attempt), which the screen subscribes to. */
class SessionHolder {
  private session: CallSession | null = null;
  private unsubscribe = () => undefined as unknown;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSession = (): CallSession | null => this.session;
  getState = (): CallState => this.session?.getState() ?? INITIAL_CALL_STATE;

  hold(session: CallSession | null): void {
    this.unsubscribe();
    this.session = session;
    this.unsubscribe = session?.subscribe(() => this.emit()) ?? (() => undefined);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * The call of `appointmentId` for as long as the screen shows it (stopped on unmount); a new
 * `attempt` starts a new one.
 */
export function useCallSession(appointmentId: string, attempt: number) {
  const { t } = useTranslation('video');
  const store = useStore();
  const [join] = useJoinVideoMutation();
  const [send] = useSendSignalMutation();
  const [holder] = useState(() => new SessionHolder());

  useEffect(() => {
    const session = new CallSession({
      join: () => join(appointmentId).unwrap(),
      send: (signal) => send({ appointmentId, ...signal }).unwrap(),
      readEvents: async (onEvent, signal) => {
        await openEventStream({
          url: videoEventsUrl(appointmentId),
          token: await resolveToken(store.getState),
          signal,
          onEvent: (event) => {
            const call = callEventOf(event);
            if (call) onEvent(call);
          },
        });
      },
      unnamedDevice: (kind, number) => t(`devices.unnamed.${kind}`, { number }),
    });
    holder.hold(session);
    void session.start();
    return () => {
      session.stop();
      holder.hold(null);
    };
    // The texts' language does not restart a call; a new attempt does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appointmentId, attempt, holder, join, send, store]);

  const session = useSyncExternalStore(holder.subscribe, holder.getSession);
  const state = useSyncExternalStore(holder.subscribe, holder.getState);
  return { session, state };
}
