import type { TPublicConfig } from '@portal/shared/public-config';

let loading: Promise<TPublicConfig> | undefined;

/**
 * `GET /api/config` outside React, fetched once per page load; a failed fetch is retried on
 * the next call. The identity client needs it before any API call can carry a token, so it
 * cannot go through the base query (which asks the identity client for the token); React
 * code uses `usePublicConfig` from public-config.ts instead.
 */
export function loadPublicConfig(): Promise<TPublicConfig> {
  loading ??= fetch('/api/config', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
      return (await response.json()) as TPublicConfig;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
