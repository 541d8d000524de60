import { describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, FakeTrack, installFakeWebRtc } from '../../test/fake-webrtc.ts';
import { VideoConnection } from './video-connection.ts';
import type { OutgoingSignal, VideoRole } from './video-types.ts';

/**
 * One side's connection with an API the test answers by hand: each signal posted waits until
 * the test lets it through, as a POST does on a busy machine.
 */
function connectionOf(role: VideoRole) {
  const fakes = installFakeWebRtc();
  const posted: OutgoingSignal[] = [];
  const answers: (() => void)[] = [];
  const connection = new VideoConnection({
    join: { role, iceServers: [], iceTransportPolicy: 'all' },
    localStream: null,
    send: (signal) => {
      posted.push(signal);
      return new Promise<void>((resolve) => answers.push(resolve));
    },
    onRemoteStream: () => {},
    onState: () => {},
  });
  return {
    connection,
    peer: fakes.peer()!,
    posted,
    types: () => posted.map((signal) => signal.type),
    /** The API answers the oldest signal still waiting. */
    passOn: () => answers.shift()!(),
  };
}

const ufragOf = (signal: OutgoingSignal | undefined) =>
  (signal?.payload as { usernameFragment?: string } | undefined)?.usernameFragment;

describe('VideoConnection', () => {
  it('leaves the first offer to the practitioner: the patient answers it and offers nothing before', async () => {
    const patient = connectionOf('patient');
    const practitioner = connectionOf('practitioner');
    await vi.waitFor(() => expect(practitioner.types()).toEqual(['offer']));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(patient.types()).toEqual([]);
    expect(patient.peer.localDescription).toBeNull();
    await patient.connection.receive('offer', practitioner.posted[0]!.payload);
    await vi.waitFor(() => expect(patient.types()).toEqual(['answer']));
  });

  it('sends the answer to a colliding offer at once, never the candidates of its own rolled-back offer', async () => {
    const side = connectionOf('patient');
    await side.connection.receive('offer', { type: 'offer', sdp: 'first' });
    await vi.waitFor(() => expect(side.types()).toEqual(['answer']));
    side.passOn();
    // A camera added during the call: the patient offers, and gathers for that offer.
    await side.connection.useTrack(
      new FakeTrack('video', 'cam-2') as unknown as MediaStreamTrack,
      new FakeMediaStream() as unknown as MediaStream,
    );
    await vi.waitFor(() => expect(side.types()).toEqual(['answer', 'offer']));
    const rolledBack = side.peer.localDescription!.sdp;
    side.peer.gatherCandidate();
    side.peer.gatherCandidate();
    // The practitioner's offer at the same moment: the polite side rolls its own back and answers.
    await side.connection.receive('offer', { type: 'offer', sdp: 'theirs' });
    expect(side.peer.signalingState).toBe('stable');
    side.passOn();
    await vi.waitFor(() => expect(side.types()).toEqual(['answer', 'offer', 'answer']));
    expect((side.posted[2]!.payload as { sdp: string }).sdp).not.toBe(rolledBack);
    side.passOn();
    side.peer.gatherCandidate();
    await vi.waitFor(() =>
      expect(side.types()).toEqual(['answer', 'offer', 'answer', 'candidate']),
    );
    expect(side.peer.localDescription!.sdp).toContain(`a=ice-ufrag:${ufragOf(side.posted[3])}`);
  });

  it('sends candidates once their description is passed on, without waiting for each other', async () => {
    const side = connectionOf('practitioner');
    await vi.waitFor(() => expect(side.types()).toEqual(['offer']));
    side.peer.gatherCandidate();
    side.peer.gatherCandidate();
    side.peer.gatherCandidate();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(side.types()).toEqual(['offer']);
    side.passOn();
    await vi.waitFor(() =>
      expect(side.types()).toEqual(['offer', 'candidate', 'candidate', 'candidate']),
    );
  });

  it('holds a candidate that comes before the other side’s description, and adds it after', async () => {
    const side = connectionOf('patient');
    const candidate = { candidate: 'candidate:2 1 udp 1 192.0.2.7 9 typ host', sdpMid: '0' };
    await side.connection.receive('candidate', candidate);
    expect(side.peer.candidates).toEqual([]);
    await side.connection.receive('offer', { type: 'offer', sdp: 'theirs' });
    expect(side.peer.candidates).toEqual([candidate]);
  });

  it('ignores a colliding offer on the impolite side, and the candidates that came with it', async () => {
    const side = connectionOf('practitioner');
    await vi.waitFor(() => expect(side.types()).toEqual(['offer']));
    await side.connection.receive('offer', { type: 'offer', sdp: 'theirs' });
    await side.connection.receive('candidate', {
      candidate: 'candidate:3 1 udp 1 192.0.2.8 9 typ host',
    });
    expect(side.peer.remoteDescriptions).toEqual([]);
    await side.connection.receive('answer', { type: 'answer', sdp: 'their answer' });
    expect(side.peer.remoteDescriptions).toEqual([{ type: 'answer', sdp: 'their answer' }]);
    expect(side.peer.candidates).toEqual([]);
  });
});
