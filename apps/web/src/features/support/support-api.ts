import type { TThreadWithMessages } from '@portal/shared/message-threads';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';

/** What Contact support sends: a new conversation with the Support desk. */
export interface SupportQuestionInput {
  subject: string;
  body: string;
}

/** Contact support's one call, on the one RTK Query api; the form reports its own failures. */
export const supportApi = api.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    askSupport: build.mutation<TThreadWithMessages, SupportQuestionInput>({
      query: ({ subject, body }) => ({
        url: '/messages/threads',
        method: 'POST',
        body: { support: true, subject, body },
      }),
    }),
  })),
});

export const { useAskSupportMutation } = supportApi;
