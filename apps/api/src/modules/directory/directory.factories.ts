import { ERRORS, type TErrorCode } from '@portal/shared/errors';
import type { TFacility, TFacilityInput, TListing, TListingInput } from '@portal/shared/directory';
import type { TReviewKind } from '@portal/shared/directory-review';
import type { TPracticeInput } from '@portal/shared/practice';
import { expect } from 'vitest';
import { signIn, type AuthHeaders, type TestContext } from '../../../test/app.ts';

/**
 * Test helpers of the directory (imported by tests only): a reviewer, facilities and listings
 * as calls, and approved practitioners ready to be found.
 */

let counter = 0;
export const uniqueEmail = (name: string) => `${name}${++counter}-${process.pid}@example.test`;

export const errorOf = (code: TErrorCode) => ({ code, message: ERRORS[code].message });

/** The reviewer the tests' apps are configured with (`DIRECTORY_REVIEWERS`). */
export const REVIEWER_EMAIL = `reviewer-${process.pid}@example.test`;
export const REVIEWER_ENV = {
  DIRECTORY_REVIEWERS: `someone@example.test, ${REVIEWER_EMAIL.toUpperCase()}`,
};

export const facilityInput = (input: Partial<TFacilityInput> = {}): TFacilityInput => ({
  kind: 'hospital',
  name: 'Hospital da Luz',
  address: 'Av. Lusíada 100',
  city: 'Lisboa',
  country: 'PT',
  ...input,
});

export const listingInput = (input: Partial<TListingInput> = {}): TListingInput => ({
  listed: true,
  specialties: ['394579002'],
  languages: ['ar', 'en'],
  bio: 'Heart rhythm and heart failure.',
  visitKinds: ['in-person', 'video'],
  onlineBooking: 'instant',
  ...input,
});

export function directoryTestKit(ctx: TestContext) {
  const json = <T>(
    response: { statusCode: number; body: string; json(): unknown },
    status: number,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };

  const postFacility = (headers: AuthHeaders, input: unknown = facilityInput()) =>
    ctx.app.inject({ method: 'POST', url: '/api/facilities', headers, payload: input as object });

  const createFacility = async (headers: AuthHeaders, input: Partial<TFacilityInput> = {}) =>
    json<TFacility>(await postFacility(headers, facilityInput(input)), 201);

  const putListing = (headers: AuthHeaders, input: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/user/listing', headers, payload: input as object });

  const saveListing = async (headers: AuthHeaders, input: Partial<TListingInput> = {}) =>
    json<TListing>(await putListing(headers, listingInput(input)), 200);

  const putPractice = async (headers: AuthHeaders, practice: TPracticeInput) =>
    json(
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/user/practice',
        headers,
        payload: practice,
      }),
      200,
    );

  let reviewer: Awaited<ReturnType<typeof signIn>> | undefined;
  const reviewerHeaders = async () =>
    (reviewer ??= await signIn(ctx, { email: REVIEWER_EMAIL, name: 'Rita Reviewer' })).headers;

  const decide = async (
    kind: TReviewKind,
    id: string,
    decision: 'approve' | 'reject' = 'approve',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/directory/review/${kind}/${id}/${decision}`,
      headers: await reviewerHeaders(),
      ...(decision === 'reject' && {
        payload: { reason: 'The registration number is not on the register.' },
      }),
    });

  const approve = async (kind: TReviewKind, id: string) => json(await decide(kind, id), 200);

  /** The id a review names a listing by: the listing row's own. */
  const listingIdOf = async (publicId: string) => {
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id from directory_listings where public_id = $1',
      [publicId],
    );
    return rows[0]!.id;
  };

  /** A signed-in practitioner with a saved listing, approved unless `isApproved` is false. */
  async function listedDoctor({
    name = 'Dr. Layla Haddad',
    listing = {},
    practice = { city: 'Lisboa', country: 'PT', registrationNumber: 'OM-51234' },
    isApproved = true,
    timeZone,
  }: {
    name?: string;
    listing?: Partial<TListingInput>;
    practice?: TPracticeInput;
    isApproved?: boolean;
    timeZone?: string;
  } = {}) {
    const session = await signIn(ctx, {
      name,
      email: uniqueEmail('doctor'),
      ...(timeZone && { timeZone }),
    });
    await putPractice(session.headers, practice);
    const saved = await saveListing(session.headers, listing);
    if (isApproved) await approve('listings', await listingIdOf(saved.publicId!));
    return { ...session, listing: saved, publicId: saved.publicId! };
  }

  /** The public directory, as a guest from `address`. */
  const guest = (url: string, address = '203.0.113.9') =>
    ctx.app.inject({ url, remoteAddress: address });

  let readCount = 0;
  /**
   * A public read that must succeed and be cacheable, each from its own address: the
   * directory's limit counts per address.
   */
  const read = async <T>(url: string) => {
    const response = await guest(url, `192.0.2.${++readCount}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    return { body: response.json() as T, headers: response.headers };
  };

  return {
    postFacility,
    createFacility,
    putListing,
    saveListing,
    reviewerHeaders,
    decide,
    approve,
    listingIdOf,
    listedDoctor,
    guest,
    read,
  };
}
