import type { TTransaction } from '@portal/shared/billing';
import type { TUser } from '@portal/shared/user';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { totalCountOf } from '../../lib/api/response-headers.ts';

/** The Transaction History, a receipt, the local provider's refund. */
export const transactionsApi = api.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    // The API's largest page: nobody buys premium 200 times; the list says if there are more.
    // Both pages say themselves when loading failed (an unknown receipt is not a dead end).
    listTransactions: build.query<{ items: TTransaction[]; total: number }, void>({
      query: () => '/premier/transactions?limit=200',
      transformResponse: (items: TTransaction[], meta) => ({
        items,
        total: totalCountOf(meta) ?? items.length,
      }),
      providesTags: ['Transaction'],
    }),
    getTransaction: build.query<TTransaction, string>({
      query: (id) => `/premier/transactions/${encodeURIComponent(id)}`,
      providesTags: ['Transaction'],
    }),
    refundLocalCheckout: build.mutation<TTransaction, string>({
      query: (id) => ({
        url: `/premier/local-checkout/${encodeURIComponent(id)}/refund`,
        method: 'POST',
      }),
      // Premium may have ended: the session's flag is read again (premium-sync.ts).
      invalidatesTags: ['Transaction', 'User'],
    }),
    /** The user as the API knows it now, for the premium flag only; failures stay silent. */
    getPremiumStatus: build.query<boolean, void>({
      query: () => '/user/profile',
      transformResponse: (response: { user: TUser }) => response.user.premiumMember,
      providesTags: ['User'],
    }),
  })),
});

export const {
  useListTransactionsQuery,
  useGetTransactionQuery,
  useRefundLocalCheckoutMutation,
  useGetPremiumStatusQuery,
} = transactionsApi;
