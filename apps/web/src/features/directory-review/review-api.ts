import type {
  TRejectInput,
  TReviewDecision,
  TReviewItem,
  TReviewKind,
} from '@portal/shared/directory-review';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import type { ViewerArgs } from '../../lib/api/viewer-args.ts';

/**
 * The reviewers' queue (`/directory/review`) and their decisions. Only a user whose answer says
 * `isDirectoryReviewer` reaches the page, so these calls never probe the routes; the page says
 * itself what failed.
 */
const base = api.enhanceEndpoints({ addTagTypes: ['ReviewQueue'] });

interface DecisionArgs {
  kind: TReviewKind;
  id: string;
  /** The version the reviewer read: the API refuses a decision on a later one. */
  updatedAt: string;
}

const versionOf = (updatedAt: string) => ({ 'If-Match': `"${updatedAt}"` });

export const reviewApi = base.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    getReviewQueue: build.query<TReviewItem[], ViewerArgs>({
      query: () => '/directory/review',
      transformResponse: (answer: { items: TReviewItem[] }) => answer.items,
      providesTags: ['ReviewQueue'],
    }),
    approveReviewItem: build.mutation<TReviewDecision, DecisionArgs>({
      query: ({ kind, id, updatedAt }) => ({
        url: `/directory/review/${kind}/${encodeURIComponent(id)}/approve`,
        method: 'POST',
        headers: versionOf(updatedAt),
      }),
      // A refusal (gone or changed meanwhile) refreshes too: the queue then shows the truth.
      invalidatesTags: ['ReviewQueue'],
    }),
    rejectReviewItem: build.mutation<TReviewDecision, DecisionArgs & TRejectInput>({
      query: ({ kind, id, updatedAt, reason }) => ({
        url: `/directory/review/${kind}/${encodeURIComponent(id)}/reject`,
        method: 'POST',
        headers: versionOf(updatedAt),
        body: { reason },
      }),
      invalidatesTags: ['ReviewQueue'],
    }),
  })),
});

export const { useGetReviewQueueQuery, useApproveReviewItemMutation, useRejectReviewItemMutation } =
  reviewApi;
