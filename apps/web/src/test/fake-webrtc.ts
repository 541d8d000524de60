import { vi } from 'vitest';

/**
 * Stand-ins for the browser's media and WebRTC objects, which jsdom lacks: a camera and a
 * microphone that `getUserMedia` hands out (or refuses), and an RTCPeerConnection that records
 * what the screen does with it and lets a test connect it and deliver the other side's tracks.
 * `installFakeWebRtc()` puts them on the globals for one test (setup.ts unstubs them after it).
 */

export class FakeTrack {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId: string,
  ) {}
  stop() {
    this.readyState = 'ended';
  }
  getSettings() {
    return { deviceId: this.deviceId };
  }
}

export class FakeMediaStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    if (!this.tracks.includes(track)) this.tracks.push(track);
  }
  removeTrack(track: FakeTrack) {
    const index = this.tracks.indexOf(track);
    if (index >= 0) this.tracks.splice(index, 1);
  }
}

interface FakeDescription {
  type: 'offer' | 'answer';
  sdp: string;
  toJSON(): { type: string; sdp: string };
}

/** A description whose ICE username fragment (`a=ice-ufrag:`) names its candidates, as Chrome's. */
const description = (type: 'offer' | 'answer', ufrag: string): FakeDescription => {
  const sdp = `fake ${type}\r\na=ice-ufrag:${ufrag}\r\n`;
  return { type, sdp, toJSON: () => ({ type, sdp }) };
};
let ufrags = 0;

export class FakePeerConnection {
  static instances: FakePeerConnection[] = [];
  readonly senders: { track: FakeTrack | null; replaceTrack: (t: FakeTrack) => Promise<void> }[] =
    [];
  readonly transceivers: { kind: string; direction: string }[] = [];
  readonly remoteDescriptions: unknown[] = [];
  remoteDescription: unknown = null;
  readonly candidates: unknown[] = [];
  localDescription: FakeDescription | null = null;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  isClosed = false;
  restarts = 0;
  stats = new Map<string, Record<string, unknown>>();
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: FakeMediaStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  private isNegotiationQueued = false;

  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.instances.push(this);
  }

  addTrack(track: FakeTrack) {
    const sender = {
      track,
      replaceTrack: async (next: FakeTrack) => {
        sender.track = next;
      },
    };
    this.senders.push(sender);
    this.needNegotiation();
    return sender;
  }
  addTransceiver(kind: string, init: { direction: string }) {
    this.transceivers.push({ kind, direction: init.direction });
    this.needNegotiation();
  }
  getSenders() {
    return this.senders;
  }
  /** Kept from one description to the next; new after a rollback or an ICE restart. */
  private ufrag: string | null = null;

  async setLocalDescription() {
    const type = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer';
    this.ufrag ??= `ufrag${++ufrags}`;
    this.localDescription = description(type, this.ufrag);
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(remote: { type: 'offer' | 'answer' }) {
    // An offer in the middle of this side's own: its offer is rolled back, candidates and all.
    if (remote.type === 'offer' && this.signalingState === 'have-local-offer') {
      this.localDescription = null;
      this.ufrag = null;
    }
    this.remoteDescriptions.push(remote);
    this.remoteDescription = remote;
    this.signalingState = remote.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async addIceCandidate(candidate: unknown) {
    if (!this.remoteDescription)
      throw new DOMException('The remote description was null', 'InvalidStateError');
    this.candidates.push(candidate);
  }
  restartIce() {
    this.restarts += 1;
    this.ufrag = null;
  }
  async getStats() {
    return this.stats;
  }
  close() {
    this.isClosed = true;
    this.connectionState = 'closed';
  }

  /** ICE finds a path: the screen hears `connected`. */
  connect() {
    this.iceConnectionState = 'connected';
    this.connectionState = 'connected';
    this.oniceconnectionstatechange?.();
    this.onconnectionstatechange?.();
  }
  /** The other side's camera and microphone arrive. */
  receiveTracks() {
    const stream = new FakeMediaStream([
      new FakeTrack('audio', 'remote-mic'),
      new FakeTrack('video', 'remote-cam'),
    ]);
    for (const track of stream.getTracks()) this.ontrack?.({ track, streams: [stream] });
  }
  /** One local candidate of the current local description, as the browser gathers it. */
  gatherCandidate() {
    const usernameFragment = this.ufrag;
    this.onicecandidate?.({
      candidate: {
        toJSON: () => ({
          candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host',
          ...(usernameFragment && { usernameFragment }),
        }),
      },
    });
  }

  private needNegotiation() {
    if (this.isNegotiationQueued) return;
    this.isNegotiationQueued = true;
    queueMicrotask(() => {
      this.isNegotiationQueued = false;
      this.onnegotiationneeded?.();
    });
  }
}

export interface FakeMediaOptions {
  /** Why `getUserMedia` with a camera fails (a DOMException name), if it does. */
  refuseVideo?: 'NotAllowedError' | 'NotFoundError';
  /** And with the microphone alone. */
  refuseAudio?: 'NotAllowedError' | 'NotFoundError';
}

/** The fakes on the globals; answers what the test then inspects. */
export function installFakeWebRtc({ refuseVideo, refuseAudio }: FakeMediaOptions = {}) {
  FakePeerConnection.instances = [];
  const streams: FakeMediaStream[] = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (constraints.video && refuseVideo) throw new DOMException('refused', refuseVideo);
    if (constraints.audio && refuseAudio) throw new DOMException('refused', refuseAudio);
    const tracks = [
      constraints.audio && new FakeTrack('audio', 'mic-1'),
      constraints.video && new FakeTrack('video', 'cam-1'),
    ].filter((track): track is FakeTrack => Boolean(track));
    const stream = new FakeMediaStream(tracks);
    streams.push(stream);
    return stream;
  });
  const enumerateDevices = vi.fn(async () => [
    { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera', groupId: 'a' },
    { kind: 'videoinput', deviceId: 'cam-2', label: '', groupId: 'b' },
    { kind: 'audioinput', deviceId: 'mic-1', label: 'Built-in microphone', groupId: 'a' },
  ]);
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeMediaStream);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices },
  });
  return {
    getUserMedia,
    streams,
    /** The connection the screen made last. */
    peer: () => FakePeerConnection.instances.at(-1),
  };
}
