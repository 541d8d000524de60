import { qualityOf, type Quality } from './call-quality.ts';
import type { OutgoingSignal, VideoJoin } from './video-types.ts';

export type ConnectionState = 'connecting' | 'connected' | 'failed';

/** The window property end-to-end tests read the connection from (only under automation). */
export const TEST_HOOK = '__carebridgeVideoConnection';

declare global {
  interface Window {
    [TEST_HOOK]?: RTCPeerConnection;
  }
}

export interface VideoConnectionOptions {
  join: Pick<VideoJoin, 'iceServers' | 'iceTransportPolicy' | 'role'>;
  /** What this side sends; null: nothing (it only receives). */
  localStream: MediaStream | null;
  send: (signal: OutgoingSignal) => Promise<unknown>;
  onRemoteStream: (stream: MediaStream) => void;
  onState: (state: ConnectionState) => void;
}

/**
 * One RTCPeerConnection to the other side, negotiated by the "perfect negotiation" pattern: both
 * sides may offer at any time (a track added, a device changed, an ICE restart) and a collision
 * of offers is settled by roles. The patient is the polite peer (it rolls its own offer back and
 * takes the other's); the practitioner is impolite (it ignores a colliding offer), so the
 * practitioner's offer wins and the two never wait for each other.
 *
 * The first offer is always the practitioner's: the patient makes none of its own before it has
 * taken that one. Both sides learn of each other at the same moment, so both offering would
 * collide on every call, and Chromium, when the patient's offer is rolled back just as it starts
 * gathering candidates, may gather none for its answer: ICE then never starts and the call
 * stays "Connecting…" (it never fails, so no ICE restart comes either).
 *
 * Descriptions are sent one after the other; a candidate goes as soon as the description before
 * it has been passed on, not behind the other candidates, so a description never waits for a
 * queue of candidates (each a round trip to the API). A candidate of a description this side has
 * since dropped (the polite side's own offer, rolled back) is not sent at all. Signals are
 * received in order; a candidate that comes before any description of the other side is held
 * until one is set, so it is never lost.
 */
export class VideoConnection {
  readonly peer: RTCPeerConnection;
  private readonly isPolite: boolean;
  private isMakingOffer = false;
  /** The polite side, until the other side's first offer is set. */
  private isAwaitingFirstOffer: boolean;
  private isIgnoringOffer = false;
  private isSettingRemoteAnswerPending = false;
  private hasRestartedIce = false;
  private isClosed = false;
  /** The last description sent (settled once the API has passed it on). */
  private described: Promise<unknown> = Promise.resolve();
  private receiving: Promise<unknown> = Promise.resolve();
  private heldCandidates: RTCIceCandidateInit[] = [];
  private remoteStream: MediaStream | null = null;
  private lastCounts: { lost: number; received: number } | null = null;

  constructor(private readonly options: VideoConnectionOptions) {
    const { join, localStream } = options;
    this.isPolite = join.role === 'patient';
    this.isAwaitingFirstOffer = this.isPolite;
    this.peer = new RTCPeerConnection({
      iceServers: join.iceServers,
      iceTransportPolicy: join.iceTransportPolicy,
    });
    // A harmless test hook: only a browser driven by automation (Playwright) exposes it.
    if (navigator.webdriver) window[TEST_HOOK] = this.peer;
    // Ignored before the first offer is taken: the browser asks again once that is answered.
    this.peer.onnegotiationneeded = () => {
      if (!this.isAwaitingFirstOffer) void this.offer();
    };
    this.peer.onicecandidate = ({ candidate }) => {
      if (candidate) this.signal({ type: 'candidate', payload: candidate.toJSON() });
    };
    this.peer.ontrack = ({ track, streams }) => {
      const stream = streams[0] ?? this.remoteStream ?? new MediaStream();
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
      this.remoteStream = stream;
      options.onRemoteStream(stream);
    };
    this.peer.onconnectionstatechange = () => this.followState();
    this.peer.oniceconnectionstatechange = () => this.followState();
    const tracks = localStream?.getTracks() ?? [];
    for (const track of tracks) this.peer.addTrack(track, localStream!);
    // Without a camera (audio only) or without any device, the other side is still seen and heard.
    for (const kind of ['audio', 'video'] as const) {
      if (!tracks.some((track) => track.kind === kind))
        this.peer.addTransceiver(kind, { direction: 'recvonly' });
    }
  }

  /** A signal from the other side: a description, a candidate. */
  receive(type: 'offer' | 'answer' | 'candidate', payload: unknown): Promise<unknown> {
    this.receiving = this.receiving
      .then(() => (type === 'candidate' ? this.addCandidate(payload) : this.describe(payload)))
      .catch(() => {
        // A description or candidate the browser refuses is dropped; ICE restarts on failure.
      });
    return this.receiving;
  }

  /** A device chosen during the call: its track replaces the one sent, or is added. */
  async useTrack(track: MediaStreamTrack, stream: MediaStream): Promise<void> {
    const sender = this.peer.getSenders().find((one) => one.track?.kind === track.kind);
    if (sender) await sender.replaceTrack(track);
    else this.peer.addTrack(track, stream);
  }

  /** How the connection goes now, from the change in packets lost and the round trip. */
  async quality(): Promise<Quality | undefined> {
    if (this.isClosed) return undefined;
    let lost = 0;
    let received = 0;
    let roundTrip: number | undefined;
    const report = await this.peer.getStats();
    report.forEach((stat: Record<string, unknown>) => {
      if (stat.type === 'inbound-rtp') {
        lost += Number(stat.packetsLost ?? 0);
        received += Number(stat.packetsReceived ?? 0);
      }
      if (stat.type === 'candidate-pair' && stat.state === 'succeeded' && stat.nominated) {
        const rtt = stat.currentRoundTripTime;
        if (typeof rtt === 'number') roundTrip = rtt;
      }
    });
    const last = this.lastCounts ?? { lost: 0, received: 0 };
    this.lastCounts = { lost, received };
    const newLost = Math.max(0, lost - last.lost);
    const newReceived = Math.max(0, received - last.received);
    if (newLost + newReceived === 0 && roundTrip === undefined) return undefined;
    return qualityOf({
      lossRatio: newLost + newReceived === 0 ? 0 : newLost / (newLost + newReceived),
      roundTripSeconds: roundTrip,
    });
  }

  /** Stops nothing it was given (the screen stops its own tracks); closes the connection. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.peer.onnegotiationneeded = null;
    this.peer.onicecandidate = null;
    this.peer.ontrack = null;
    this.peer.onconnectionstatechange = null;
    this.peer.oniceconnectionstatechange = null;
    this.peer.close();
    if (window[TEST_HOOK] === this.peer) delete window[TEST_HOOK];
  }

  private signal(signal: OutgoingSignal): void {
    const sent = this.described
      .then(() => (this.isClosed || this.isStale(signal) ? undefined : this.options.send(signal)))
      .catch(() => {
        // A lost signal is made good by the next offer or the ICE restart.
      });
    if (signal.type !== 'candidate') this.described = sent;
  }

  /** A candidate gathered for a local description that is no longer this side's. */
  private isStale(signal: OutgoingSignal): boolean {
    if (signal.type !== 'candidate') return false;
    const { usernameFragment } = (signal.payload ?? {}) as RTCIceCandidateInit;
    if (!usernameFragment) return false;
    // No local description: the one it was gathered for was rolled back, no answer set yet.
    const current = /^a=ice-ufrag:(\S+)/m.exec(this.peer.localDescription?.sdp ?? '')?.[1];
    return usernameFragment !== current;
  }

  private async offer(): Promise<void> {
    try {
      this.isMakingOffer = true;
      await this.peer.setLocalDescription();
      const description = this.peer.localDescription;
      // Not when the other side's offer came first and this is already the answer to it.
      if (description?.type === 'offer' && !this.isClosed)
        this.signal({ type: 'offer', payload: description.toJSON() });
    } finally {
      this.isMakingOffer = false;
    }
  }

  private async describe(payload: unknown): Promise<void> {
    const description = payload as RTCSessionDescriptionInit;
    const isReadyForOffer =
      !this.isMakingOffer &&
      (this.peer.signalingState === 'stable' || this.isSettingRemoteAnswerPending);
    const isCollision = description.type === 'offer' && !isReadyForOffer;
    this.isIgnoringOffer = !this.isPolite && isCollision;
    if (this.isIgnoringOffer) return;
    this.isSettingRemoteAnswerPending = description.type === 'answer';
    await this.peer.setRemoteDescription(description);
    this.isSettingRemoteAnswerPending = false;
    if (description.type === 'offer') this.isAwaitingFirstOffer = false;
    const held = this.heldCandidates;
    this.heldCandidates = [];
    for (const candidate of held) await this.addCandidate(candidate).catch(() => undefined);
    if (description.type === 'offer') {
      await this.peer.setLocalDescription();
      const answer = this.peer.localDescription;
      if (answer && !this.isClosed) this.signal({ type: 'answer', payload: answer.toJSON() });
    }
  }

  private async addCandidate(payload: unknown): Promise<void> {
    if (!this.peer.remoteDescription && !this.isIgnoringOffer) {
      this.heldCandidates.push(payload as RTCIceCandidateInit);
      return;
    }
    try {
      await this.peer.addIceCandidate(payload as RTCIceCandidateInit);
    } catch (error) {
      // A candidate of the offer this side ignored is expected to fail.
      if (!this.isIgnoringOffer) throw error;
    }
  }

  private followState(): void {
    if (this.isClosed) return;
    const ice = this.peer.iceConnectionState;
    const state = this.peer.connectionState;
    if (ice === 'failed' || state === 'failed') {
      // Once: a new set of candidates often finds a path (a relay, a network that changed).
      if (!this.hasRestartedIce) {
        this.hasRestartedIce = true;
        this.peer.restartIce();
        this.options.onState('connecting');
      } else this.options.onState('failed');
      return;
    }
    if (state === 'connected' || ice === 'connected' || ice === 'completed')
      this.options.onState('connected');
  }
}
