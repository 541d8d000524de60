/**
 * The video visit's API as the web reads it: `POST /api/appointments/{id}/video`, the events of
 * `GET …/video/events` and the bodies of `POST …/video/signal`.
 */

export type VideoRole = 'practitioner' | 'patient';

/** What joining answers: the room, how to reach the other side, and who that is. */
export interface VideoJoin {
  room: string;
  iceServers: RTCIceServer[];
  iceTransportPolicy: RTCIceTransportPolicy;
  /** When the join window (and the TURN credentials) end. */
  expiresAt: string;
  role: VideoRole;
  peerName: string | null;
}

/** Whether one side sends its microphone and its camera. */
export interface MediaState {
  audio: boolean;
  video: boolean;
}

export type SignalType = 'offer' | 'answer' | 'candidate' | 'media' | 'leave';

export interface OutgoingSignal {
  type: SignalType;
  payload: unknown;
}

/** The call's events, by the event stream's event names. */
export type CallEvent =
  | { type: 'peer'; state: 'joined' | 'left'; role: VideoRole }
  | { type: 'signal'; from: VideoRole; signal: SignalType; payload: unknown }
  | { type: 'ended'; by: VideoRole | null }
  | { type: 'replaced' }
  | { type: 'expired' };
