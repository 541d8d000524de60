import type { TPublicConfig } from '@portal/shared/public-config';

let loading: Promise<TPublicConfig> | undefined;

/** `GET /api/config`, fetched once per page load; a failed fetch is retried on the next call. */
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
