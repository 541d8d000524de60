import { EventEmitter } from 'eventemitter3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetellVoiceClient, MICROPHONE_CONSTRAINTS } from './retell-voice-client.ts';

/** Stands in for the SDK's RetellWebClient and its LiveKit room. */
class FakeRetellWebClient extends EventEmitter {
  room = new EventEmitter();
  startCall = vi.fn(async () => {});
  stopCall = vi.fn(() => {
    this.emit('call_ended');
  });
  mute = vi.fn();
  unmute = vi.fn();
  startAudioPlayback = vi.fn(async () => {});
}

vi.mock('retell-client-js-sdk', () => ({ RetellWebClient: class {} }));

function create() {
  const sdk = new FakeRetellWebClient();
  const client = createRetellVoiceClient(sdk as never);
  return { sdk, client };
}

describe('createRetellVoiceClient', () => {
  let getUserMedia: ReturnType<typeof vi.fn>;
  let stopTrack: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    stopTrack = vi.fn();
    getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the microphone with echo cancellation, noise suppression, auto gain, mono', async () => {
    const { client } = create();
    await client.requestMicrophone();
    expect(MICROPHONE_CONSTRAINTS).toEqual({
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
      channelCount: 1,
    });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: MICROPHONE_CONSTRAINTS });
    expect(stopTrack).toHaveBeenCalled();
  });

  it('asks the chosen capture device exactly', async () => {
    const { client } = create();
    await client.requestMicrophone({ captureDeviceId: 'mic-2' });
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { ...MICROPHONE_CONSTRAINTS, deviceId: { exact: 'mic-2' } },
    });
  });

  it("passes the browser's refusal through as NotAllowedError", async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const { client } = create();
    await expect(client.requestMicrophone()).rejects.toMatchObject({ name: 'NotAllowedError' });
  });

  it('reports a page without microphone support as NotSupportedError', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const { client } = create();
    await expect(client.requestMicrophone()).rejects.toMatchObject({ name: 'NotSupportedError' });
  });

  it('starts the SDK call with the token and the chosen devices only when given', async () => {
    const { sdk, client } = create();
    await client.startCall({ accessToken: 'token-1' });
    expect(sdk.startCall).toHaveBeenLastCalledWith({ accessToken: 'token-1' });
    await client.startCall({
      accessToken: 'token-2',
      captureDeviceId: 'mic-2',
      playbackDeviceId: 'speaker-3',
    });
    expect(sdk.startCall).toHaveBeenLastCalledWith({
      accessToken: 'token-2',
      captureDeviceId: 'mic-2',
      playbackDeviceId: 'speaker-3',
    });
  });

  it('forwards stop, mute and unmute', () => {
    const { sdk, client } = create();
    client.mute();
    client.unmute();
    client.stopCall();
    expect(sdk.mute).toHaveBeenCalledOnce();
    expect(sdk.unmute).toHaveBeenCalledOnce();
    expect(sdk.stopCall).toHaveBeenCalledOnce();
  });

  it("forwards the SDK's events and unsubscribes", () => {
    const { sdk, client } = create();
    const events: unknown[] = [];
    const offs = (
      [
        'call_started',
        'call_ended',
        'agent_start_talking',
        'agent_stop_talking',
        'update',
        'metadata',
        'node_transition',
        'error',
      ] as const
    ).map((name) => client.on(name, (...args: unknown[]) => events.push([name, ...args])));
    sdk.emit('agent_start_talking');
    sdk.emit('update', { event_type: 'update' });
    sdk.emit('error', 'Error starting call');
    expect(events).toEqual([
      ['agent_start_talking'],
      ['update', { event_type: 'update' }],
      ['error', 'Error starting call'],
    ]);
    for (const off of offs) off();
    sdk.emit('agent_stop_talking');
    expect(events).toHaveLength(3);
  });

  it('ends the call when the agent (server participant) leaves, not when someone else does', () => {
    const { sdk } = create();
    sdk.emit('call_started');
    expect(sdk.startAudioPlayback).toHaveBeenCalled();
    sdk.room.emit('participantDisconnected', { identity: 'observer' });
    expect(sdk.stopCall).not.toHaveBeenCalled();
    sdk.room.emit('participantDisconnected', { identity: 'server' });
    expect(sdk.stopCall).toHaveBeenCalledOnce();
  });

  it('reports a microphone failure during the call as an error and ends the call', () => {
    const { sdk, client } = create();
    const errors: unknown[] = [];
    client.on('error', (error) => errors.push(error));
    sdk.emit('call_started');
    const failure = new DOMException('device lost', 'NotReadableError');
    sdk.room.emit('mediaDevicesError', failure);
    expect(errors).toEqual([failure]);
    expect(sdk.stopCall).toHaveBeenCalledOnce();
  });
});
