import { z } from 'zod';

/** `POST /api/retellai/connect-retellai`: the agent the browser wants to call. */
export const ZConnectVoiceInput = z.strictObject({
  agent_id: z
    .string({ error: 'agent_id is required' })
    .trim()
    .min(1, { error: 'agent_id is required' })
    .max(200, { error: 'agent_id is too long' }),
});

/** The web call the browser joins: a short-lived access token and the call's id. */
export const ZConnectVoiceResponse = z.object({
  access_token: z.string(),
  call_id: z.string(),
});

export type TConnectVoiceInput = z.infer<typeof ZConnectVoiceInput>;
export type TConnectVoiceResponse = z.infer<typeof ZConnectVoiceResponse>;

/**
 * A call id as Retell and the local fake issue them (letters, digits, `_`, `-`): anything else
 * cannot name a call, and never reaches the database. The length check aborts before the pattern.
 */
export const ZVoiceCallId = z
  .string()
  .min(1, { error: 'Not a voice call id.', abort: true })
  .max(200, { error: 'Not a voice call id.', abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Not a voice call id.' });

/** What the assistant did during a call: a booking or a cancellation, as the agenda shows it. */
export const VOICE_CALL_ACTION_KINDS = ['booked', 'cancelled'] as const;

export const ZVoiceCallAction = z.object({
  kind: z.enum(VOICE_CALL_ACTION_KINDS),
  appointmentId: z.uuid(),
  patientName: z.string().describe("The patient's current name (the appointment is the caller's)"),
  start: z.string().describe("The appointment's start, an ISO 8601 UTC instant"),
  at: z.string().describe('When the assistant did it, an ISO 8601 UTC instant'),
});

/** `GET /api/retellai/calls/{callId}/actions`: what the call did, oldest first. */
export const ZVoiceCallActions = z.object({
  timeZone: z.string().describe("The practitioner's time zone, the agenda's clock"),
  isEnded: z.boolean().describe('The call has ended (Retell said so, or it is over two hours old)'),
  actions: z.array(ZVoiceCallAction),
});

export type TVoiceCallActionKind = (typeof VOICE_CALL_ACTION_KINDS)[number];
export type TVoiceCallAction = z.infer<typeof ZVoiceCallAction>;
export type TVoiceCallActions = z.infer<typeof ZVoiceCallActions>;
