import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** A header of the answer an endpoint's `transformResponse` reads (its `meta`); null when absent. */
export const headerOf = (meta: unknown, name: string): string | null =>
  (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(name) ?? null;

/**
 * A list's `X-Total-Count`: every item, more than the page when the list holds more than a page;
 * `fallback` when the header is missing or not a number.
 */
export function totalCountOf(meta: unknown, fallback: number): number {
  const value = headerOf(meta, 'X-Total-Count');
  const total = Number(value);
  return value && Number.isFinite(total) ? total : fallback;
}
