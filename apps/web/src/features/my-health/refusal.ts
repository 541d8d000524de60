import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The refusals the patient's end explains in its own words (`myHealth:refusals.<code>`). */
export const EXPLAINED_REFUSALS = [
  'INVITATION_NOT_FOUND',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'INVITATION_NOT_FOR_YOU',
  'TOO_MANY_TRIES',
  'LINK_NOT_FOUND',
  'CANCELLATION_TOO_LATE',
] as const;
export type TExplainedRefusal = (typeof EXPLAINED_REFUSALS)[number];

export interface Refusal {
  code: TExplainedRefusal | 'OTHER';
  /** What the API adds to explain it (the practice's phone for a late cancellation). */
  details: Record<string, unknown>;
}

/**
 * Which refusal a failed call was: by the API's error code, and a 429 by its status (the rate
 * limit answers before any route, so it may come without a code of this table).
 */
export function refusalOf(error: unknown): Refusal {
  const failed = error as FetchBaseQueryError | undefined;
  const data = (failed && 'data' in failed ? failed.data : undefined) as
    | { code?: unknown; details?: unknown; error?: { code?: unknown; details?: unknown } }
    | undefined;
  const body = data?.error ?? data;
  const details =
    body?.details && typeof body.details === 'object'
      ? (body.details as Record<string, unknown>)
      : {};
  if (failed?.status === 429) return { code: 'TOO_MANY_TRIES', details };
  const code = EXPLAINED_REFUSALS.find((known) => known === body?.code);
  return { code: code ?? 'OTHER', details };
}

/**
 * A name or address set inside a translated sentence, isolated (FSI … PDI) so that a Latin name
 * in an Arabic sentence, or the reverse, keeps its own direction and its brackets stay in place.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;
