import type { TCheckoutInput, TCheckoutSession } from '@portal/shared/billing';
import type { TUser } from '@portal/shared/user';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';

/** The premium calls, on the one RTK Query api. */
export const premiumApi = api.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    createCheckoutSession: build.mutation<Partial<TCheckoutSession>, TCheckoutInput>({
      query: (body) => ({ url: '/premier/create-checkout-session', method: 'POST', body }),
    }),
    updateSubscription: build.mutation<{ user: TUser }, { sessionId: string | null }>({
      query: ({ sessionId }) => ({
        url: '/user/subscription',
        method: 'PUT',
        body: sessionId ? { sessionId } : {},
      }),
      invalidatesTags: ['User'],
    }),
  })),
});

export const { useCreateCheckoutSessionMutation, useUpdateSubscriptionMutation } = premiumApi;
