import type { Quality } from './call-quality.ts';
import {
  listDevices,
  mediaProblemOf,
  openLocalMedia,
  stopTracks,
  type Devices,
  type MediaProblem,
} from './local-media.ts';
import { VideoConnection } from './video-connection.ts';
import type { CallEvent, MediaState, OutgoingSignal, VideoJoin, VideoRole } from './video-types.ts';

/** Why the call screen ended, each told on the end screen. */
export type EndReason =
  'left' | 'ended' | 'expired' | 'replaced' | 'notFound' | 'notOpen' | 'failed';

export interface CallState {
  /** joining: asking the API; preparing: camera and microphone; then waiting for the other side. */
  phase: 'joining' | 'preparing' | 'waiting' | 'connecting' | 'connected' | 'ended';
  join: VideoJoin | null;
  /** Camera or microphone refused or missing; `isAskingAudioOnly` while the reader decides. */
  mediaProblem: MediaProblem | null;
  isAskingAudioOnly: boolean;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** What this side sends (a muted track is still there) and which tracks it has at all. */
  sends: MediaState;
  has: MediaState;
  /** What the other side says it sends. */
  peer: MediaState;
  quality: Quality | null;
  /** The connection failed after its one ICE restart. */
  isConnectionLost: boolean;
  devices: Devices;
  cameraId: string;
  microphoneId: string;
  /** `opensAt`: a refusal because the call's window has not opened yet, and when it opens. */
  end: { reason: EndReason; by: VideoRole | null; opensAt?: string } | null;
}

export interface CallSessionDeps {
  /** POST …/video; rejects with the API's error (`{ data: { code } }`). */
  join: () => Promise<VideoJoin>;
  send: (signal: OutgoingSignal) => Promise<unknown>;
  /** Reads the event stream until it ends; rejects when refused (`status`) or cut. */
  readEvents: (onEvent: (event: CallEvent) => void, signal: AbortSignal) => Promise<void>;
  /** A camera or microphone without a label ("Camera 2"). */
  unnamedDevice: (kind: 'camera' | 'microphone', number: number) => string;
}

const BOTH_ON: MediaState = { audio: true, video: true };
const QUALITY_EVERY_MS = 3000;
const RECONNECT_AFTER_MS = 2000;

export const INITIAL_CALL_STATE: CallState = {
  phase: 'joining',
  join: null,
  mediaProblem: null,
  isAskingAudioOnly: false,
  localStream: null,
  remoteStream: null,
  sends: BOTH_ON,
  has: { audio: false, video: false },
  peer: BOTH_ON,
  quality: null,
  isConnectionLost: false,
  devices: { cameras: [], microphones: [] },
  cameraId: '',
  microphoneId: '',
  end: null,
};

function refusalOf(error: unknown): { reason: EndReason; opensAt?: string } {
  const { status, data } = (error ?? {}) as {
    status?: unknown;
    data?: { code?: unknown; reason?: unknown; opensAt?: unknown };
  };
  const code = data?.code;
  if (code === 'APPOINTMENT_NOT_FOUND' || status === 404) return { reason: 'notFound' };
  if (code === 'VIDEO_NOT_OPEN' && data?.reason === 'early' && typeof data.opensAt === 'string')
    return { reason: 'notOpen', opensAt: data.opensAt };
  if (code === 'VIDEO_NOT_OPEN' || status === 409) return { reason: 'notOpen' };
  return { reason: 'failed' };
}

/**
 * One person's side of a video visit, apart from React: join, camera and microphone, the event
 * stream, the peer connection and the controls. The screen subscribes to its state.
 */
export class CallSession {
  private state: CallState = INITIAL_CALL_STATE;
  private readonly listeners = new Set<() => void>();
  private readonly stopped = new AbortController();
  private connection: VideoConnection | null = null;
  /** The other side's stream the connection is with, once its `peer` event has told it. */
  private peerSession: string | null = null;
  private qualityTimer: ReturnType<typeof setInterval> | undefined;
  private chooseAudioOnly: (() => void) | null = null;

  constructor(private readonly deps: CallSessionDeps) {}

  getState = (): CallState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async start(): Promise<void> {
    let join: VideoJoin;
    try {
      join = await this.deps.join();
    } catch (error) {
      const { reason, opensAt } = refusalOf(error);
      this.finish(reason, null, opensAt);
      return;
    }
    if (this.isStopped) return;
    this.update({ phase: 'preparing', join });
    await this.prepareMedia();
    if (this.isStopped) return;
    this.update({ phase: 'waiting' });
    await this.listen();
  }

  /** The reader's answer to a refused camera or microphone. */
  continueAudioOnly(): void {
    this.chooseAudioOnly?.();
  }

  toggle(kind: 'audio' | 'video'): void {
    const isOn = !this.state.sends[kind];
    for (const track of this.tracksOf(kind)) track.enabled = isOn;
    const sends = { ...this.state.sends, [kind]: isOn };
    this.update({ sends });
    this.sendMediaState(sends);
  }

  /** Another camera or microphone, in the preview and, during the call, to the other side. */
  async chooseDevice(kind: 'camera' | 'microphone', deviceId: string): Promise<void> {
    const local = this.state.localStream;
    this.update(kind === 'camera' ? { cameraId: deviceId } : { microphoneId: deviceId });
    if (!local) return;
    const trackKind = kind === 'camera' ? 'video' : 'audio';
    let fresh: MediaStream;
    try {
      fresh = await navigator.mediaDevices.getUserMedia({
        [trackKind]: { deviceId: { exact: deviceId } },
      });
    } catch {
      return;
    }
    if (this.isStopped) return stopTracks(fresh);
    const [track] = fresh.getTracks();
    if (!track) return;
    track.enabled = this.state.sends[trackKind];
    for (const old of this.tracksOf(trackKind)) {
      old.stop();
      local.removeTrack(old);
    }
    local.addTrack(track);
    await this.connection?.useTrack(track, local);
    // A new stream object, so the preview is given it again.
    this.update({ localStream: new MediaStream(local.getTracks()) });
  }

  /** Leave: the call ends for both (the API tells the other side). */
  async leave(): Promise<void> {
    if (this.state.phase === 'ended') return;
    const role = this.state.join?.role ?? null;
    this.finish('left', role);
    if (role) await this.deps.send({ type: 'leave', payload: {} }).catch(() => undefined);
  }

  /** The screen is going away: stop every track and close the connection (no leave sent). */
  stop(): void {
    this.release();
  }

  private get isStopped(): boolean {
    return this.stopped.signal.aborted;
  }

  private tracksOf(kind: 'audio' | 'video'): MediaStreamTrack[] {
    const local = this.state.localStream;
    return (kind === 'audio' ? local?.getAudioTracks() : local?.getVideoTracks()) ?? [];
  }

  private async prepareMedia(): Promise<void> {
    let stream: MediaStream | null = null;
    try {
      stream = await openLocalMedia({ isAudioOnly: false });
    } catch (error) {
      this.update({ mediaProblem: mediaProblemOf(error), isAskingAudioOnly: true });
      await new Promise<void>((resolve) => (this.chooseAudioOnly = resolve));
      this.chooseAudioOnly = null;
      if (this.isStopped) return;
      this.update({ isAskingAudioOnly: false });
      try {
        stream = await openLocalMedia({ isAudioOnly: true });
      } catch {
        // Neither: this side still sees and hears the other one.
        stream = null;
      }
    }
    if (this.isStopped) return stopTracks(stream);
    const has = {
      audio: (stream?.getAudioTracks().length ?? 0) > 0,
      video: (stream?.getVideoTracks().length ?? 0) > 0,
    };
    const devices = await listDevices(this.deps.unnamedDevice).catch(() => undefined);
    if (this.isStopped) return stopTracks(stream);
    const settingOf = (track: MediaStreamTrack | undefined) =>
      track?.getSettings?.().deviceId ?? '';
    this.update({
      localStream: stream,
      has,
      sends: has,
      ...(devices && { devices }),
      cameraId: settingOf(stream?.getVideoTracks()[0]),
      microphoneId: settingOf(stream?.getAudioTracks()[0]),
    });
  }

  /** Reads the event stream, again after a cut, until the call ends. */
  private async listen(): Promise<void> {
    while (!this.isStopped) {
      try {
        await this.deps.readEvents((event) => this.onEvent(event), this.stopped.signal);
      } catch (error) {
        if (this.isStopped) return;
        const { status } = (error ?? {}) as { status?: number };
        if (status === 404) return this.finish('notFound', null);
        if (status === 409) return this.finish('notOpen', null);
        if (status === 401 || status === 403) return this.finish('failed', null);
      }
      if (this.isStopped) return;
      // The other side heard that this side left when its stream closed, and drops the
      // connection; so does this side, and both start afresh once the stream is open again.
      if (this.connection) {
        this.disconnect();
        this.update({ phase: 'waiting', peer: BOTH_ON });
      }
      this.peerSession = null;
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_AFTER_MS));
    }
  }

  /** Whether `session` is a stream of the other side other than the one connected to. */
  private isOtherPeerSession(session: string | null): boolean {
    return session !== null && this.peerSession !== null && session !== this.peerSession;
  }

  private onEvent(event: CallEvent): void {
    if (this.isStopped) return;
    const role = this.state.join?.role;
    switch (event.type) {
      case 'peer':
        if (event.role === role) return;
        if (event.state === 'joined') {
          // Its offer may have come first and made the connection already; a page of the other
          // side that reopened the call (a reload) is a new session, to connect to afresh.
          if (!this.connection || this.isOtherPeerSession(event.session)) this.connect();
          this.peerSession = event.session;
          this.update({ peer: BOTH_ON });
          this.sendMediaState(this.state.sends);
        } else {
          // The leaving of a page this side no longer talks to (replaced by a reload) is old news.
          if (this.isOtherPeerSession(event.session)) return;
          this.peerSession = null;
          this.disconnect();
          this.update({ phase: 'waiting', peer: BOTH_ON });
        }
        return;
      case 'signal':
        if (event.from === role) return;
        if (event.signal === 'media') {
          const { audio, video } = (event.payload ?? {}) as Partial<MediaState>;
          this.update({ peer: { audio: audio !== false, video: video !== false } });
        } else if (event.signal === 'leave') {
          this.finish('ended', event.from);
        } else {
          if (!this.connection && event.signal === 'offer') this.connect();
          void this.connection?.receive(event.signal, event.payload);
        }
        return;
      case 'ended':
        this.finish('ended', event.by);
        return;
      case 'replaced':
      case 'expired':
        this.finish(event.type, null);
        return;
    }
  }

  private connect(): void {
    const join = this.state.join;
    if (!join) return;
    this.disconnect();
    this.connection = new VideoConnection({
      join,
      localStream: this.state.localStream,
      send: this.deps.send,
      onRemoteStream: (stream) =>
        this.update({ remoteStream: new MediaStream(stream.getTracks()) }),
      onState: (state) => {
        if (state === 'connected') this.update({ phase: 'connected', isConnectionLost: false });
        else if (state === 'failed') this.update({ isConnectionLost: true });
        else this.update({ phase: 'connecting' });
      },
    });
    this.update({
      phase: 'connecting',
      remoteStream: null,
      quality: null,
      isConnectionLost: false,
    });
    this.qualityTimer = setInterval(() => void this.measure(), QUALITY_EVERY_MS);
  }

  private async measure(): Promise<void> {
    const quality = await this.connection?.quality().catch(() => undefined);
    if (quality && !this.isStopped) this.update({ quality });
  }

  private disconnect(): void {
    clearInterval(this.qualityTimer);
    this.connection?.close();
    this.connection = null;
    if (this.state.remoteStream) this.update({ remoteStream: null });
  }

  private sendMediaState(sends: MediaState): void {
    if (!this.connection) return;
    void this.deps.send({ type: 'media', payload: sends }).catch(() => undefined);
  }

  private finish(reason: EndReason, by: VideoRole | null, opensAt?: string): void {
    if (this.state.phase === 'ended') return;
    this.release();
    const end = { reason, by, ...(opensAt && { opensAt }) };
    this.update({ phase: 'ended', end, localStream: null, remoteStream: null });
  }

  private release(): void {
    this.stopped.abort();
    this.chooseAudioOnly?.();
    this.disconnect();
    stopTracks(this.state.localStream);
  }

  private update(changes: Partial<CallState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }
}
