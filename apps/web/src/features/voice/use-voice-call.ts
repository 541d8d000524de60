import type { TPublicConfig } from '@portal/shared/public-config';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { loadPublicConfig } from '../../lib/config/load-public-config.ts';
import { createVoiceClient } from './voice-client.ts';
import type { VoiceClient, VoiceClientFactory } from './voice-client-types.ts';
import {
  initialVoiceCallState,
  voiceCallReducer,
  type VoiceCallState,
  type VoiceMessage,
} from './voice-call-reducer.ts';

export interface VoiceCall extends VoiceCallState {
  /**
   * The call the API started for the latest attempt, kept after it ends (the panel still lists
   * what it did) until the next press.
   */
  callId: string | null;
  /** Starts a call when inactive; stops (or abandons a starting) call otherwise. */
  toggleCall(): void;
  toggleMute(): void;
  dismissMessage(): void;
}

/** The browser's reason for refusing the microphone, as one of our messages. */
function microphoneMessage(error: unknown): VoiceMessage {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'microphoneDenied';
  if (
    ['NotFoundError', 'NotReadableError', 'OverconstrainedError', 'NotSupportedError'].includes(
      name,
    )
  )
    return 'microphoneUnavailable';
  return 'startFailed';
}

/** An RTK Query failure of the connect call, as one of our messages. */
function connectMessage(error: unknown): VoiceMessage {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 503) return 'notConfigured';
  if (status === 429) return 'rateLimited';
  if (status === 401) return 'signInRequired';
  return 'startFailed';
}

/**
 * Runs one voice call at a time through a `VoiceClient`: config check, microphone permission,
 * access token, then the call, following the reducer's state machine. Each start is an
 * "attempt"; pressing again abandons it, and events from an abandoned client are ignored.
 */
export function useVoiceCall({
  createClient = createVoiceClient,
}: { createClient?: VoiceClientFactory | undefined } = {}): VoiceCall {
  const [state, dispatch] = useReducer(voiceCallReducer, initialVoiceCallState);
  const [callId, setCallId] = useState<string | null>(null);
  const isSignedIn = useAppSelector((s) => s.auth.status);
  const appDispatch = useAppDispatch();
  const attemptRef = useRef(0);
  const clientRef = useRef<VoiceClient | null>(null);
  const unsubscribeRef = useRef<Array<() => void>>([]);

  /** Forgets the current client: no more events from it, and it is told to stop. */
  const releaseClient = useCallback(() => {
    for (const unsubscribe of unsubscribeRef.current) unsubscribe();
    unsubscribeRef.current = [];
    const client = clientRef.current;
    clientRef.current = null;
    client?.stopCall();
  }, []);

  const start = useCallback(async () => {
    attemptRef.current += 1;
    const attempt = attemptRef.current;
    const isCurrent = () => attemptRef.current === attempt;
    const fail = (reason: VoiceMessage) => {
      if (!isCurrent()) return;
      dispatch({ type: 'startFailed', reason });
      releaseClient();
    };
    dispatch({ type: 'startRequested' });
    setCallId(null);

    let voice: TPublicConfig['voice'];
    try {
      ({ voice } = await loadPublicConfig());
    } catch {
      return fail('startFailed');
    }
    if (!isCurrent()) return;
    if (!voice.isEnabled || !voice.agentId) return fail('notConfigured');
    if (!isSignedIn) return fail('signInRequired');

    let client: VoiceClient;
    try {
      client = await createClient();
    } catch {
      return fail('startFailed');
    }
    if (!isCurrent()) return;
    clientRef.current = client;

    try {
      await client.requestMicrophone();
    } catch (error) {
      return fail(microphoneMessage(error));
    }
    if (!isCurrent()) return;

    let accessToken: string;
    let startedCallId: string;
    try {
      // The API client is loaded on the first press: pages without API calls never need it.
      const { voiceApi } = await import('./voice-api.ts');
      const request = voiceApi.endpoints.connectVoiceCall.initiate({ agent_id: voice.agentId });
      ({ access_token: accessToken, call_id: startedCallId } = await appDispatch(request).unwrap());
    } catch (error) {
      return fail(connectMessage(error));
    }
    if (!isCurrent()) return;

    const whileCurrent =
      <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A) => {
        if (isCurrent()) handler(...args);
      };
    unsubscribeRef.current = [
      client.on(
        'call_started',
        whileCurrent(() => dispatch({ type: 'callStarted' })),
      ),
      client.on(
        'call_ended',
        whileCurrent(() => {
          dispatch({ type: 'callEnded' });
          releaseClient();
        }),
      ),
      client.on(
        'agent_start_talking',
        whileCurrent(() => dispatch({ type: 'agentStartedTalking' })),
      ),
      client.on(
        'agent_stop_talking',
        whileCurrent(() => dispatch({ type: 'agentStoppedTalking' })),
      ),
      client.on(
        'error',
        whileCurrent((error) => {
          const reason = microphoneMessage(error);
          dispatch({ type: 'clientFailed', ...(reason !== 'startFailed' && { reason }) });
          releaseClient();
        }),
      ),
    ];
    dispatch({ type: 'tokenObtained' });
    setCallId(startedCallId);
    try {
      await client.startCall({ accessToken });
    } catch {
      if (isCurrent()) {
        dispatch({ type: 'clientFailed' });
        releaseClient();
      }
    }
  }, [appDispatch, createClient, isSignedIn, releaseClient]);

  const stop = useCallback(() => {
    attemptRef.current += 1;
    dispatch({ type: 'stopRequested' });
    releaseClient();
  }, [releaseClient]);

  // Leaving the page (or the app) ends the call.
  useEffect(
    () => () => {
      attemptRef.current += 1;
      releaseClient();
    },
    [releaseClient],
  );

  const { status, isConnected, isMuted } = state;
  const toggleCall = useCallback(() => {
    if (status === 'inactive') void start();
    else stop();
  }, [start, status, stop]);

  const toggleMute = useCallback(() => {
    const client = clientRef.current;
    if (!client || status !== 'active' || !isConnected) return;
    if (isMuted) {
      client.unmute();
      dispatch({ type: 'unmuted' });
    } else {
      client.mute();
      dispatch({ type: 'muted' });
    }
  }, [isConnected, isMuted, status]);

  const dismissMessage = useCallback(() => dispatch({ type: 'messageDismissed' }), []);

  return { ...state, callId, toggleCall, toggleMute, dismissMessage };
}
