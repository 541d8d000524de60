import type { TPublicConfig } from '@portal/shared/public-config';
import { api } from '../api/api.ts';

/**
 * `GET /api/config`: the public part of the server's configuration (providers, the hospital
 * search address, the contact phone...). Fetched once per page load and kept for its life.
 */
const publicConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<TPublicConfig, void>({
      query: () => 'config',
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useGetPublicConfigQuery, useLazyGetPublicConfigQuery } = publicConfigApi;

/** The public configuration, or `undefined` until it has arrived. */
export function usePublicConfig(): TPublicConfig | undefined {
  return useGetPublicConfigQuery().data;
}

/** A `tel:` address for a human-formatted phone number ('+1 800 555 0100' → 'tel:+18005550100'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
