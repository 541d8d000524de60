import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** A header of the answer an endpoint's `transformResponse` reads (its `meta`); null when absent. */
export const headerOf = (meta: unknown, name: string): string | null =>
  (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(name) ?? null;

/**
 * A list's `X-Total-Count`: every item, more than the page when the list holds more than a page;
 * null when the header is missing or not a whole number from 0 up (the caller says what stands in
 * for it, usually the page's own length). Every list reads it here.
 */
export function totalCountOf(meta: unknown): number | null {
  const value = headerOf(meta, 'X-Total-Count');
  if (!value || !/^\d+$/.test(value)) return null;
  const total = Number(value);
  return Number.isSafeInteger(total) ? total : null;
}
