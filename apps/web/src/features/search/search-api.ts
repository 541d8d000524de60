import type { TSearchKind, TSearchResults } from '@portal/shared/search';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import type { ViewerArgs } from '../../lib/api/viewer-args.ts';

/**
 * The premium search. The page says itself what went wrong (a query the API refuses,
 * a member-only answer, a failure), so no call leads away to an error page.
 */
export const searchApi = api.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    search: build.query<
      TSearchResults,
      ViewerArgs & { q: string; kind?: TSearchKind; limit?: number }
    >({
      query: ({ q, kind, limit }) => ({
        url: '/premier/search',
        params: { q, ...(kind && { kind }), ...(limit && { limit }) },
      }),
      // Patient data: nothing kept once the page is left.
      keepUnusedDataFor: 0,
    }),
  })),
});

export const { useSearchQuery } = searchApi;
