import type { TCheckoutInput, TCheckoutSession } from '@portal/shared/billing';
import type { TPublicConfig } from '@portal/shared/public-config';
import type { TUser } from '@portal/shared/user';
import { api } from '../../lib/api/api.ts';

/** The Premier calls (SPEC.md §7), on the one RTK Query api. */
export const premiumApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Which payment provider runs, its publishable key and the price (`GET /config`). */
    premiumConfig: build.query<TPublicConfig, void>({ query: () => '/config' }),
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
  }),
});

export const {
  usePremiumConfigQuery,
  useCreateCheckoutSessionMutation,
  useUpdateSubscriptionMutation,
} = premiumApi;
