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
  'CORRECTION_LIMIT',
] as const;
export type TExplainedRefusal = (typeof EXPLAINED_REFUSALS)[number];

export interface Refusal {
  code: TExplainedRefusal | 'OTHER';
  /** The practice's phone, which a late cancellation's refusal carries (null: none known). */
  phone: string | null;
}

/**
 * Which refusal a failed call was, from the API's error body `{ code, message, fieldErrors? }`
 * (a late cancellation adds `phone`); a 429 by its status, whatever its code, as the rate limit
 * answers before any route.
 */
export function refusalOf(error: unknown): Refusal {
  const failed = error as FetchBaseQueryError | undefined;
  const body = (failed && 'data' in failed ? failed.data : undefined) as
    { code?: unknown; phone?: unknown } | undefined;
  const phone = typeof body?.phone === 'string' ? body.phone : null;
  if (failed?.status === 429) return { code: 'TOO_MANY_TRIES', phone };
  const code = EXPLAINED_REFUSALS.find((known) => known === body?.code);
  return { code: code ?? 'OTHER', phone };
}

/**
 * A name or address set inside a translated sentence, isolated (FSI … PDI) so that a Latin name
 * in an Arabic sentence, or the reverse, keeps its own direction and its brackets stay in place.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;
