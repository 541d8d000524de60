import type { TPublicConfig } from '@portal/shared/public-config';
import type { TConnectVoiceInput, TConnectVoiceResponse } from '@portal/shared/voice';
import { api } from '../../lib/api/api.ts';

export const voiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public voice settings from `GET /api/config`: whether it is on, and the agent id. */
    getVoiceConfig: build.query<TPublicConfig['voice'], void>({
      query: () => '/config',
      transformResponse: (config: TPublicConfig) => config.voice,
    }),
    /** A short-lived access token for a web call with the configured agent. */
    connectVoiceCall: build.mutation<TConnectVoiceResponse, TConnectVoiceInput>({
      query: (body) => ({ url: '/retellai/connect-retellai', method: 'POST', body }),
    }),
  }),
});

export const { useLazyGetVoiceConfigQuery, useConnectVoiceCallMutation } = voiceApi;
