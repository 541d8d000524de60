import { z } from 'zod';

/** `POST /api/retellai/connect-retellai`: the agent the browser wants to call (SPEC.md §7). */
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
