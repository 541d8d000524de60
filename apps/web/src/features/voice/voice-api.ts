import type {
  TConnectVoiceInput,
  TConnectVoiceResponse,
  TVoiceCallActions,
} from '@portal/shared/voice';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';

/** The appointments feature's tag: what the assistant books or cancels makes its lists stale. */
const voiceBase = api.enhanceEndpoints({ addTagTypes: ['Appointment'] });

export const voiceApi = voiceBase.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    /** A short-lived access token for a web call with the configured agent. */
    connectVoiceCall: build.mutation<TConnectVoiceResponse, TConnectVoiceInput>({
      query: (body) => ({ url: '/retellai/connect-retellai', method: 'POST', body }),
    }),
    /** What the assistant did during the call: asked every few seconds while it is live. */
    getVoiceCallActions: build.query<TVoiceCallActions, string>({
      // A failed read is retried by the next poll; the panel keeps the last list meanwhile.
      query: (callId) => `/retellai/calls/${encodeURIComponent(callId)}/actions`,
      keepUnusedDataFor: 0,
    }),
  })),
});

/**
 * Everything the assistant can change, refetched wherever it is shown (the agenda, a patient's
 * appointments, the free times, the audit trail) without a reload.
 */
export const invalidateAfterVoiceActions = () =>
  voiceApi.util.invalidateTags([{ type: 'Appointment', id: 'LIST' }, 'Audit']);

export const { useConnectVoiceCallMutation, useGetVoiceCallActionsQuery } = voiceApi;
