import type { TConnectVoiceInput, TConnectVoiceResponse } from '@portal/shared/voice';
import { api } from '../../lib/api/api.ts';

export const voiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A short-lived access token for a web call with the configured agent. */
    connectVoiceCall: build.mutation<TConnectVoiceResponse, TConnectVoiceInput>({
      extraOptions: { handlesOwnErrors: true },
      query: (body) => ({ url: '/retellai/connect-retellai', method: 'POST', body }),
    }),
  }),
});

export const { useConnectVoiceCallMutation } = voiceApi;
