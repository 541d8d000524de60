/**
 * The video visit's API as the web reads it (the shared schemas': `packages/shared/src/video.ts`):
 * `POST /api/appointments/{id}/video`, the events of `GET …/video/events` and the bodies of
 * `POST …/video/signal`.
 */

export type {
  TVideoJoin as VideoJoin,
  TVideoMediaState as MediaState,
  TVideoRole as VideoRole,
  TVideoSignalType as SignalType,
} from '@portal/shared/video';
import type { TVideoRole as VideoRole, TVideoSignalType as SignalType } from '@portal/shared/video';

export interface OutgoingSignal {
  type: SignalType;
  payload: unknown;
}

/** The call's events, by the event stream's event names. */
export type CallEvent =
  /** `session`: the other side's stream; a reload of its page is a new one. */
  | { type: 'peer'; state: 'joined' | 'left'; role: VideoRole; session: string | null }
  | { type: 'signal'; from: VideoRole; signal: SignalType; payload: unknown }
  | { type: 'ended'; by: VideoRole | null }
  | { type: 'replaced' }
  | { type: 'expired' };
