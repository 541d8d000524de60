import type { TReviewQueue } from '@portal/shared/directory-review';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import {
  directoryTestKit,
  errorOf,
  REVIEWER_EMAIL,
  REVIEWER_ENV,
  uniqueEmail,
} from './directory.factories.ts';

const ctx = useTestApp({ env: REVIEWER_ENV });
const { createFacility, saveListing, reviewerHeaders, decide, listingIdOf, listedDoctor } =
  directoryTestKit(ctx);

describe('the directory review', () => {
  it('answers 404 ROUTE_NOT_FOUND to anyone not a reviewer, whatever they send, as for no route at all', async () => {
    const doctor = await signIn(ctx);
    const unverified = await ctx.local.issueIdToken({
      email: REVIEWER_EMAIL,
      name: 'Not verified',
      isEmailVerified: false,
    });
    const facility = await createFacility(doctor.headers);
    for (const headers of [doctor.headers, { authorization: `Bearer ${unverified.idToken}` }])
      for (const request of [
        { method: 'GET' as const, url: '/api/directory/review' },
        {
          method: 'POST' as const,
          url: `/api/directory/review/facilities/${facility._id}/approve`,
        },
        {
          method: 'POST' as const,
          url: `/api/directory/review/nonsense/1/reject`,
          payload: { reason: 1 },
        },
      ])
        expectErrorAnswer(
          await ctx.app.inject({ ...request, headers }),
          404,
          errorOf('ROUTE_NOT_FOUND'),
        );
    const { rows } = await ctx.database.pool.query(
      'select review_status from facilities where id = $1',
      [facility._id],
    );
    expect(rows).toEqual([{ review_status: 'pending' }]);
  });

  it('tells the signed-in user whether they review the directory, on sign-in and in the profile, so the web app never probes the review routes', async () => {
    const reviewer = await signIn(ctx, { email: REVIEWER_EMAIL.toUpperCase(), name: 'Rita' });
    expect(reviewer.user).toMatchObject({ isDirectoryReviewer: true });
    const doctor = await signIn(ctx);
    expect(doctor.user).toMatchObject({ isDirectoryReviewer: false });
    const unverified = await ctx.local.issueIdToken({
      email: REVIEWER_EMAIL,
      name: 'Not verified',
      isEmailVerified: false,
    });
    for (const [headers, isDirectoryReviewer] of [
      [reviewer.headers, true],
      [doctor.headers, false],
      [{ authorization: `Bearer ${unverified.idToken}` }, false],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { isDirectoryReviewer } });
    }
  });

  it('lists pending listings with the registration number of the Practice section, and pending facilities with their owner', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Omar Saleh', isApproved: false });
    const owner = await signIn(ctx, { email: uniqueEmail('owner'), name: 'Owner Olga' });
    const facility = await createFacility(owner.headers, {
      name: 'Farmácia Central',
      kind: 'pharmacy',
    });
    const unlisted = await signIn(ctx);
    await saveListing(unlisted.headers, { listed: false });

    const response = await ctx.app.inject({
      url: '/api/directory/review',
      headers: await reviewerHeaders(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = response.json<TReviewQueue>();
    expect(items).toContainEqual({
      kind: 'listings',
      _id: await listingIdOf(doctor.publicId),
      doctor: expect.objectContaining({
        publicId: doctor.publicId,
        name: 'Dr. Omar Saleh',
        city: 'Lisboa',
      }),
      account: { email: doctor.user.email, registrationNumber: 'OM-51234', practiceName: null },
      updatedAt: expect.any(String),
    });
    expect(items).toContainEqual({
      kind: 'facilities',
      _id: facility._id,
      facility: expect.objectContaining({ name: 'Farmácia Central', kind: 'pharmacy' }),
      owner: { name: 'Owner Olga', email: owner.user.email },
      updatedAt: expect.any(String),
    });
    const listings = items.filter((item) => item.kind === 'listings');
    expect(listings.map((item) => item._id)).not.toContain(undefined);
    expect(JSON.stringify(items)).not.toContain(unlisted.user.email);
  });

  it('approves and rejects with a reason the owner sees, audits both, and answers 404 for an unknown item', async () => {
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers);
    const approved = await decide('facilities', facility._id);
    expect(approved.json()).toEqual({
      kind: 'facilities',
      _id: facility._id,
      reviewStatus: 'approved',
      rejectionReason: null,
    });
    const rejected = await decide('facilities', facility._id, 'reject');
    expect(rejected.json()).toMatchObject({
      reviewStatus: 'rejected',
      rejectionReason: 'The registration number is not on the register.',
    });
    const seen = await ctx.app.inject({
      url: `/api/facilities/${facility._id}`,
      headers: owner.headers,
    });
    expect(seen.json()).toMatchObject({
      reviewStatus: 'rejected',
      rejectionReason: 'The registration number is not on the register.',
    });
    expectErrorAnswer(
      await decide('listings', facility._id),
      404,
      errorOf('REVIEW_ITEM_NOT_FOUND'),
    );

    const { rows } = await ctx.database.pool.query(
      `select subject_kind, action, outcome from audit_events where subject_id = $1 and action in ('approve', 'reject') order by id`,
      [facility._id],
    );
    expect(rows).toEqual([
      { subject_kind: 'facility', action: 'approve', outcome: 'success' },
      { subject_kind: 'facility', action: 'reject', outcome: 'success' },
      { subject_kind: 'listing', action: 'approve', outcome: 'denied' },
    ]);
  });

  it('decides only the version the reviewer read: a listing changed since is 409 REVIEW_ITEM_CHANGED and stays unpublished', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Nadia Karam', isApproved: false });
    const listingId = await listingIdOf(doctor.publicId);
    const queue = await ctx.app.inject({
      url: '/api/directory/review',
      headers: await reviewerHeaders(),
    });
    const read = queue.json<TReviewQueue>().items.find((item) => item._id === listingId)!;
    await saveListing(doctor.headers, { bio: 'Changed after the reviewer opened it.' });

    const stale = await ctx.app.inject({
      method: 'POST',
      url: `/api/directory/review/listings/${listingId}/approve`,
      headers: { ...(await reviewerHeaders()), 'if-match': `"${read.updatedAt}"` },
    });
    expectErrorAnswer(stale, 409, errorOf('REVIEW_ITEM_CHANGED'));
    const current = stale.headers.etag as string;
    expect(current).not.toBe(`"${read.updatedAt}"`);
    const hidden = await ctx.app.inject({ url: `/api/directory/doctors/${doctor.publicId}` });
    expect(hidden.statusCode).toBe(404);

    const fresh = await ctx.app.inject({
      method: 'POST',
      url: `/api/directory/review/listings/${listingId}/approve`,
      headers: { ...(await reviewerHeaders()), 'if-match': current },
    });
    expect(fresh.json()).toMatchObject({ reviewStatus: 'approved' });
    const shown = await ctx.app.inject({ url: `/api/directory/doctors/${doctor.publicId}` });
    expect(shown.json()).toMatchObject({ bio: 'Changed after the reviewer opened it.' });
    const { rows } = await ctx.database.pool.query(
      `select action, outcome from audit_events where subject_id = $1 and action = 'approve' order by id`,
      [listingId],
    );
    expect(rows).toEqual([
      { action: 'approve', outcome: 'conflict' },
      { action: 'approve', outcome: 'success' },
    ]);
  });

  it('needs a reason to reject', async () => {
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/directory/review/facilities/${facility._id}/reject`,
      headers: await reviewerHeaders(),
      payload: { reason: ' ' },
    });
    expect(response.statusCode).toBe(400);
  });
});
