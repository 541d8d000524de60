import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TApiError } from '@portal/shared/errors';

/**
 * The API's error body `{ message, code, fieldErrors? }` of a failed RTK Query call, if any. On
 * its own, without the field messages' table: a list that only checks a code (the start page's
 * panels) does not evaluate every shared schema for it.
 */
export function apiErrorOf(error: unknown): TApiError | undefined {
  const data = (error as FetchBaseQueryError | undefined)?.data;
  return data && typeof data === 'object' && 'code' in data ? (data as TApiError) : undefined;
}
