/**
 * The voice call as a pure state machine.
 *
 * inactive --press--> starting --token obtained--> active --call_started--> active+connected
 * Pressing again, call_ended (the agent left or the room closed) and any error return to
 * inactive; a failure leaves a message saying why. Late events of an abandoned call are ignored.
 */

export type VoiceCallStatus = 'inactive' | 'starting' | 'active';

/** Why the button is back to inactive; each is a translated text in the `voice` namespace. */
export type VoiceMessage =
  | 'notConfigured'
  | 'signInRequired'
  | 'microphoneDenied'
  | 'microphoneUnavailable'
  | 'rateLimited'
  | 'startFailed'
  | 'callInterrupted';

export interface VoiceCallState {
  status: VoiceCallStatus;
  /** Joined the media server: the microphone is on and mute/unmute apply. */
  isConnected: boolean;
  isAgentTalking: boolean;
  isMuted: boolean;
  message: VoiceMessage | null;
}

export type VoiceCallAction =
  | { type: 'startRequested' }
  | { type: 'tokenObtained' }
  | { type: 'startFailed'; reason: VoiceMessage }
  | { type: 'stopRequested' }
  | { type: 'callStarted' }
  | { type: 'callEnded' }
  | { type: 'agentStartedTalking' }
  | { type: 'agentStoppedTalking' }
  | { type: 'muted' }
  | { type: 'unmuted' }
  | { type: 'clientFailed'; reason?: VoiceMessage }
  | { type: 'messageDismissed' };

export const initialVoiceCallState: VoiceCallState = {
  status: 'inactive',
  isConnected: false,
  isAgentTalking: false,
  isMuted: false,
  message: null,
};

function inactive(message: VoiceMessage | null): VoiceCallState {
  return { ...initialVoiceCallState, message };
}

export function voiceCallReducer(state: VoiceCallState, action: VoiceCallAction): VoiceCallState {
  const isLive = state.status === 'active' && state.isConnected;
  switch (action.type) {
    case 'startRequested':
      return state.status === 'inactive' ? { ...inactive(null), status: 'starting' } : state;
    case 'tokenObtained':
      return state.status === 'starting' ? { ...state, status: 'active' } : state;
    case 'startFailed':
      return state.status === 'inactive' ? state : inactive(action.reason);
    case 'stopRequested':
      return inactive(null);
    case 'callStarted':
      return state.status === 'active' && !state.isConnected
        ? { ...state, isConnected: true, isMuted: false }
        : state;
    case 'callEnded':
      return state.status === 'inactive' ? state : inactive(state.message);
    case 'agentStartedTalking':
      return isLive ? { ...state, isAgentTalking: true } : state;
    case 'agentStoppedTalking':
      return isLive ? { ...state, isAgentTalking: false } : state;
    case 'muted':
      return isLive ? { ...state, isMuted: true } : state;
    case 'unmuted':
      return isLive ? { ...state, isMuted: false } : state;
    case 'clientFailed':
      if (state.status === 'inactive') return state;
      return inactive(action.reason ?? (isLive ? 'callInterrupted' : 'startFailed'));
    case 'messageDismissed':
      return { ...state, message: null };
  }
}
