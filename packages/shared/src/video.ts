import { z } from 'zod';

/**
 * Video visits: a call between an appointment's practitioner and the people linked to its
 * patient, peer to peer in the browser. The API hands out the room and the ICE servers
 * (`POST /api/appointments/{id}/video`) and relays the signalling (offers, answers, candidates)
 * between the two sides; no media passes through it.
 */

/** When a call may be joined: from this long before the start until this long after the end. */
export const VIDEO_WINDOW = {
  opensMinutesBefore: 10,
  closesMinutesAfter: 30,
} as const;

/** The statuses of an appointment whose call can be joined (not requested, cancelled, no-show). */
export const VIDEO_OPEN_STATUSES = ['booked', 'arrived', 'fulfilled'] as const;

/** The largest signal payload, as JSON text (an SDP offer with its candidates fits well within). */
export const VIDEO_SIGNAL_PAYLOAD_MAX_BYTES = 16 * 1024;

export const VIDEO_ROLES = ['practitioner', 'patient'] as const;
export type TVideoRole = (typeof VIDEO_ROLES)[number];

export const ZVideoRole = z
  .enum(VIDEO_ROLES)
  .describe(
    "`practitioner`: the appointment's practitioner; `patient`: a person linked to its patient",
  );

export const ZIceServer = z.object({
  urls: z.array(z.string()).describe('STUN or TURN addresses (`stun:…`, `turn:…`, `turns:…`)'),
  username: z
    .string()
    .optional()
    .describe('TURN only: `<expiry in Unix seconds>:<an opaque id of the caller>`'),
  credential: z
    .string()
    .optional()
    .describe('TURN only: base64 of HMAC-SHA1(the TURN secret, username), valid until the expiry'),
});

/** The answer of `POST /api/appointments/{id}/video`: what the browser's RTCPeerConnection needs. */
export const ZVideoJoin = z.object({
  room: z.string().describe('The call (one per appointment)'),
  iceServers: z
    .array(ZIceServer)
    .describe(
      'As RTCPeerConnection takes them: the STUN servers, then the TURN servers with short-lived credentials',
    ),
  iceTransportPolicy: z
    .enum(['all', 'relay'])
    .describe(
      '`relay` when the portal forces relayed media (neither side learns the other’s address)',
    ),
  expiresAt: z.iso
    .datetime()
    .describe(
      'The end of the join window (the slot’s end plus 30 minutes): the TURN credentials expire then',
    ),
  role: ZVideoRole.describe('The caller’s side of the call'),
  patientId: z
    .uuid()
    .describe(
      'The patient the visit is about (both sides know it): their messages go beside the call',
    ),
  peerName: z
    .string()
    .nullable()
    .describe(
      'Who is on the other side: the patient’s name for the practitioner, the practitioner’s name for the patient (null when not known)',
    ),
});

export type TVideoJoin = z.infer<typeof ZVideoJoin>;
export type TIceServer = z.infer<typeof ZIceServer>;

/** Why a call cannot be joined now; only `early` becomes joinable by waiting. */
export const VIDEO_NOT_OPEN_REASONS = [
  'early',
  'closed',
  'not-video',
  'not-confirmed',
  'cancelled',
] as const;

export type TVideoNotOpenReason = (typeof VIDEO_NOT_OPEN_REASONS)[number];

/** The body of a 409 `VIDEO_NOT_OPEN`: why, and the call's window (when it opens and closes). */
export const ZVideoNotOpen = z.object({
  message: z.string(),
  code: z.literal('VIDEO_NOT_OPEN'),
  reason: z
    .enum(VIDEO_NOT_OPEN_REASONS)
    .describe(
      '`early`: the window has not opened yet (the call can be joined from `opensAt`); `closed`: it is over; `not-video`, `not-confirmed`, `cancelled`: the appointment is not a video visit, is only requested, or was cancelled or missed',
    ),
  opensAt: z.iso.datetime().describe('10 minutes before the appointment’s start'),
  closesAt: z.iso.datetime().describe('30 minutes after the appointment’s end'),
});

export type TVideoNotOpen = z.infer<typeof ZVideoNotOpen>;

/** Microphone and camera, as one side tells the other (`media` signal). */
export const ZVideoMediaState = z.strictObject({
  audio: z.boolean().describe('The microphone is on'),
  video: z.boolean().describe('The camera is on'),
});

export type TVideoMediaState = z.infer<typeof ZVideoMediaState>;

export const VIDEO_SIGNAL_TYPES = ['offer', 'answer', 'candidate', 'media', 'leave'] as const;
export type TVideoSignalType = (typeof VIDEO_SIGNAL_TYPES)[number];

export const VIDEO_MESSAGES = {
  payloadTooLarge: `A signal's payload must be at most ${VIDEO_SIGNAL_PAYLOAD_MAX_BYTES / 1024} KB of JSON.`,
  mediaInvalid: 'A media signal says { audio: true or false, video: true or false }.',
  typeInvalid: 'The type must be offer, answer, candidate, media or leave.',
} as const;

/** Its size as JSON text, in bytes; undefined counts as nothing. */
export const jsonSize = (value: unknown): number =>
  value === undefined ? 0 : new TextEncoder().encode(JSON.stringify(value)).length;

/** `POST /api/appointments/{id}/video/signal`: one step of the WebRTC handshake, or a state. */
export const ZVideoSignalInput = z
  .strictObject({
    type: z
      .enum(VIDEO_SIGNAL_TYPES, { error: VIDEO_MESSAGES.typeInvalid })
      .describe(
        '`offer`, `answer`, `candidate`: the WebRTC handshake, passed on as they are; `media`: microphone and camera on or off; `leave`: ends the call for both sides',
      ),
    payload: z
      .unknown()
      .optional()
      .describe(
        `Any JSON of at most ${VIDEO_SIGNAL_PAYLOAD_MAX_BYTES} bytes (an RTCSessionDescription, an RTCIceCandidate); for \`media\`, { audio, video }`,
      ),
  })
  .superRefine((signal, ctx) => {
    if (jsonSize(signal.payload) > VIDEO_SIGNAL_PAYLOAD_MAX_BYTES)
      ctx.addIssue({ code: 'custom', path: ['payload'], message: VIDEO_MESSAGES.payloadTooLarge });
    else if (signal.type === 'media' && !ZVideoMediaState.safeParse(signal.payload).success)
      ctx.addIssue({ code: 'custom', path: ['payload'], message: VIDEO_MESSAGES.mediaInvalid });
  });

export type TVideoSignalInput = z.infer<typeof ZVideoSignalInput>;

/**
 * The events of `GET /api/appointments/{id}/video/events` (server-sent events):
 * - `peer` `{ state: 'joined' | 'left', role }`: the other side opened or closed its stream;
 * - `signal` `{ from, type, payload }`: what the other side posted;
 * - `ended` `{ by }`: the other side left the call (`leave`); the stream ends;
 * - `replaced` `{}`: the same person opened the call again elsewhere (a reload); the stream ends;
 * - `expired` `{}`: the join window is over; the stream ends.
 */
export const VIDEO_EVENT_NAMES = ['peer', 'signal', 'ended', 'replaced', 'expired'] as const;
export type TVideoEventName = (typeof VIDEO_EVENT_NAMES)[number];

export interface TVideoPeerEvent {
  state: 'joined' | 'left';
  role: TVideoRole;
}

export interface TVideoSignalEvent {
  from: TVideoRole;
  type: Exclude<TVideoSignalType, 'leave'>;
  payload: unknown;
}

export interface TVideoEndedEvent {
  by: TVideoRole;
}
