import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TPublicConfig } from '@portal/shared/public-config';
import { describeApiFailure } from '../api/error-catalogue.ts';
import { publishApiFailure, settleApiSource } from '../api/error-notices.ts';

/** The alert of a failed load, and its dismissal once a later load succeeds. */
const SOURCE = 'getPublicConfig';

let loading: Promise<TPublicConfig> | undefined;
let loaded: TPublicConfig | undefined;
let isAlertWanted = false;
const listeners = new Set<() => void>();

class ConfigLoadError extends Error {
  constructor(readonly failure: FetchBaseQueryError) {
    super(`GET /api/config failed (${String(failure.status)})`);
  }
}

/**
 * `GET /api/config` with a plain fetch, once per page load; a failed fetch is retried on the
 * next call. Not through RTK Query: the identity client needs it before any API call can
 * carry a token, and the layout shows the phone without loading the API client on every page.
 * With `alert`, a failure gets the error catalogue's alert like any API call: the
 * screens ask so; the identity client and the voice button report failures their own way.
 */
export function loadPublicConfig({
  alert = false,
}: { alert?: boolean } = {}): Promise<TPublicConfig> {
  if (alert) isAlertWanted = true;
  const url = new URL('/api/config', window.location.href);
  loading ??= fetch(new Request(url, { headers: { Accept: 'application/json' } }))
    .catch((error: unknown) => {
      throw new ConfigLoadError({ status: 'FETCH_ERROR', error: String(error) });
    })
    .then(async (response) => {
      if (!response.ok) {
        const data: unknown = await response.json().catch(() => undefined);
        throw new ConfigLoadError({ status: response.status, data });
      }
      loaded = (await response.json()) as TPublicConfig;
      settleApiSource(SOURCE);
      for (const listener of listeners) listener();
      return loaded;
    })
    .catch((error: unknown) => {
      loading = undefined;
      if (isAlertWanted && error instanceof ConfigLoadError)
        publishApiFailure(describeApiFailure(error.failure), SOURCE);
      isAlertWanted = false;
      throw error;
    });
  return loading;
}

/** The configuration once it has arrived (for `useSyncExternalStore`). */
export function peekPublicConfig(): TPublicConfig | undefined {
  return loaded;
}

/** Calls `listener` when the configuration arrives; asks for it if nobody has yet. */
export function subscribePublicConfig(listener: () => void): () => void {
  listeners.add(listener);
  if (!loaded) loadPublicConfig({ alert: true }).catch(() => {});
  return () => listeners.delete(listener);
}

/** Tests: forget what was loaded, so each test answers `/api/config` its own way. */
export function resetPublicConfig(): void {
  loading = undefined;
  loaded = undefined;
  isAlertWanted = false;
}
