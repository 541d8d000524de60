import { DIRECTORY_MESSAGES, type TListing } from '@portal/shared/directory';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { directoryTestKit, listingInput, REVIEWER_ENV } from './directory.factories.ts';

const ctx = useTestApp({ env: REVIEWER_ENV });
const { createFacility, putListing, saveListing, approve, listingIdOf } = directoryTestKit(ctx);

describe('GET /api/user/listing', () => {
  it('answers an unlisted, empty listing before the first save, never cached', async () => {
    const doctor = await signIn(ctx);
    const response = await ctx.app.inject({ url: '/api/user/listing', headers: doctor.headers });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      listed: false,
      facilityId: null,
      specialties: [],
      languages: [],
      bio: '',
      visitKinds: [],
      onlineBooking: 'off',
      reviewStatus: 'pending',
      rejectionReason: null,
      publicId: null,
    });
  });
});

describe('PUT /api/user/listing', () => {
  it('saves the listing pending review, with a random public id that is not the account’s', async () => {
    const doctor = await signIn(ctx);
    const saved = await saveListing(doctor.headers);
    expect(saved).toMatchObject({ ...listingInput(), facilityId: null, reviewStatus: 'pending' });
    expect(saved.publicId).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.publicId).not.toBe(doctor.user._id);
    const { rows } = await ctx.database.pool.query(
      `select action, outcome from audit_events where actor_id = $1 and subject_kind = 'listing'`,
      [doctor.user._id],
    );
    expect(rows).toEqual([{ action: 'create', outcome: 'success' }]);
  });

  it('refuses a facility the practitioner neither owns nor works at, with a field error, and saves nothing', async () => {
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers);
    const doctor = await signIn(ctx);
    expectErrorAnswer(
      await putListing(doctor.headers, listingInput({ facilityId: facility._id })),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: DIRECTORY_MESSAGES.facilityInvalid,
        fieldErrors: { facilityId: DIRECTORY_MESSAGES.facilityInvalid },
      },
    );
    const { rows } = await ctx.database.pool.query(
      'select 1 from directory_listings where user_id = $1',
      [doctor.user._id],
    );
    expect(rows).toHaveLength(0);
    expect((await saveListing(owner.headers, { facilityId: facility._id })).facilityId).toBe(
      facility._id,
    );
  });

  it('makes an approved listing pending again when what a reviewer vouched for changes, not for the practitioner’s switches', async () => {
    const doctor = await signIn(ctx);
    const saved = await saveListing(doctor.headers);
    await approve('listings', await listingIdOf(saved.publicId!));
    const put = async (input: Parameters<typeof listingInput>[0]) =>
      (await putListing(doctor.headers, listingInput(input))).json<TListing>().reviewStatus;
    expect(await put({ onlineBooking: 'request' })).toBe('approved');
    expect(await put({ onlineBooking: 'request', listed: false })).toBe('approved');
    expect(await put({ onlineBooking: 'request', specialties: ['394579002', '394591006'] })).toBe(
      'pending',
    );
  });

  it('needs a specialty, a language and a kind of visit to be listed', async () => {
    const doctor = await signIn(ctx);
    const response = await putListing(doctor.headers, {
      listed: true,
      specialties: [],
      languages: ['en'],
      visitKinds: ['phone'],
    });
    expectErrorAnswer(response, 400, {
      code: 'VALIDATION_FAILED',
      message: DIRECTORY_MESSAGES.specialtiesRequired,
      fieldErrors: { specialties: DIRECTORY_MESSAGES.specialtiesRequired },
    });
  });
});
