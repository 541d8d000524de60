import { describe, expect, it } from 'vitest';
import {
  initialVoiceCallState as inactive,
  voiceCallReducer,
  type VoiceCallAction,
  type VoiceCallState,
} from './voice-call-reducer.ts';

const starting: VoiceCallState = { ...inactive, status: 'starting' };
const active: VoiceCallState = { ...inactive, status: 'active' };
const connected: VoiceCallState = { ...active, isConnected: true };
const talking: VoiceCallState = { ...connected, isAgentTalking: true };
const muted: VoiceCallState = { ...connected, isMuted: true };
const failed: VoiceCallState = { ...inactive, message: 'startFailed' };

const cases: Array<[string, VoiceCallState, VoiceCallAction, VoiceCallState]> = [
  // Pressing the button
  ['press when inactive starts', inactive, { type: 'startRequested' }, starting],
  ['press clears an old message', failed, { type: 'startRequested' }, starting],
  ['press while starting is not a second start', starting, { type: 'startRequested' }, starting],
  ['press again while starting abandons', starting, { type: 'stopRequested' }, inactive],
  ['press again while active stops', active, { type: 'stopRequested' }, inactive],
  [
    'press again while talking and muted stops',
    { ...talking, isMuted: true },
    { type: 'stopRequested' },
    inactive,
  ],
  // Token and call
  ['token obtained: active', starting, { type: 'tokenObtained' }, active],
  ['a late token after abandoning is ignored', inactive, { type: 'tokenObtained' }, inactive],
  ['call_started: connected', active, { type: 'callStarted' }, connected],
  ['call_started when inactive is ignored', inactive, { type: 'callStarted' }, inactive],
  ['call_started twice keeps mute state', muted, { type: 'callStarted' }, muted],
  ['call_ended while connected', talking, { type: 'callEnded' }, inactive],
  ['call_ended before connecting', active, { type: 'callEnded' }, inactive],
  ['call_ended keeps the failure message', failed, { type: 'callEnded' }, failed],
  // Talking and muting
  ['agent starts talking', connected, { type: 'agentStartedTalking' }, talking],
  ['agent stops talking', talking, { type: 'agentStoppedTalking' }, connected],
  ['talking before connected is ignored', active, { type: 'agentStartedTalking' }, active],
  ['talking when inactive is ignored', inactive, { type: 'agentStartedTalking' }, inactive],
  ['mute while connected', connected, { type: 'muted' }, muted],
  ['unmute while connected', muted, { type: 'unmuted' }, connected],
  ['mute before connected is ignored', active, { type: 'muted' }, active],
  ['mute when inactive is ignored', inactive, { type: 'muted' }, inactive],
  // Failures
  ['start failure', starting, { type: 'startFailed', reason: 'startFailed' }, failed],
  [
    'not configured',
    starting,
    { type: 'startFailed', reason: 'notConfigured' },
    { ...inactive, message: 'notConfigured' },
  ],
  [
    'microphone denied',
    starting,
    { type: 'startFailed', reason: 'microphoneDenied' },
    { ...inactive, message: 'microphoneDenied' },
  ],
  [
    'failure of an abandoned start is ignored',
    inactive,
    { type: 'startFailed', reason: 'startFailed' },
    inactive,
  ],
  ['client error before call_started', active, { type: 'clientFailed' }, failed],
  ['client error while starting', starting, { type: 'clientFailed' }, failed],
  [
    'client error during the call',
    talking,
    { type: 'clientFailed' },
    { ...inactive, message: 'callInterrupted' },
  ],
  [
    'client error with its own reason',
    connected,
    { type: 'clientFailed', reason: 'microphoneDenied' },
    { ...inactive, message: 'microphoneDenied' },
  ],
  ['client error when inactive is ignored', inactive, { type: 'clientFailed' }, inactive],
  ['dismissing the message', failed, { type: 'messageDismissed' }, inactive],
];

describe('voiceCallReducer', () => {
  it.each(cases)('%s', (_name, state, action, expected) => {
    expect(voiceCallReducer(state, action)).toEqual(expected);
  });

  it('starts inactive, not connected, not talking, not muted, without a message', () => {
    expect(inactive).toEqual({
      status: 'inactive',
      isConnected: false,
      isAgentTalking: false,
      isMuted: false,
      message: null,
    });
  });
});
