import type { TCreatedStaffInvitation, TFacility, TStaffMember } from '@portal/shared/directory';
import { DIRECTORY_MESSAGES } from '@portal/shared/directory';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import {
  directoryTestKit,
  errorOf,
  facilityInput,
  REVIEWER_ENV,
  uniqueEmail,
} from './directory.factories.ts';

const sent: MailMessage[] = [];
const fakeMailer: Mailer = { send: async (message) => void sent.push(message), close: () => {} };
const ctx = useTestApp({ env: REVIEWER_ENV, deps: { mailer: fakeMailer } });
const { postFacility, createFacility, approve, saveListing } = directoryTestKit(ctx);

const auditOf = async (actorId: string) =>
  (
    await ctx.database.pool.query<{ subject_kind: string; action: string; outcome: string }>(
      'select subject_kind, action, outcome from audit_events where actor_id = $1 order by id',
      [actorId],
    )
  ).rows;

describe('POST /api/facilities', () => {
  it('answers 201 with the facility, owned by its creator and pending review, never cached', async () => {
    const owner = await signIn(ctx);
    const response = await postFacility(
      owner.headers,
      facilityInput({ phone: '217 104 400', coordinates: { lat: 38.75, lng: -9.17 } }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      _id: expect.any(String),
      kind: 'hospital',
      name: 'Hospital da Luz',
      phone: '+351217104400',
      coordinates: { lat: 38.75, lng: -9.17 },
      reviewStatus: 'pending',
      rejectionReason: null,
      role: 'owner',
    });
    expect(await auditOf(owner.user._id)).toContainEqual({
      subject_kind: 'facility',
      action: 'create',
      outcome: 'success',
    });
  });

  it('refuses a phone that is no number in the facility’s country, and stores nothing', async () => {
    const owner = await signIn(ctx);
    expectErrorAnswer(await postFacility(owner.headers, facilityInput({ phone: '12' })), 400, {
      code: 'VALIDATION_FAILED',
      message: DIRECTORY_MESSAGES.phoneInvalid,
      fieldErrors: { phone: DIRECTORY_MESSAGES.phoneInvalid },
    });
    const { rows } = await ctx.database.pool.query('select 1 from facilities where owner_id = $1', [
      owner.user._id,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('/api/facilities/:id', () => {
  it('answers 404 FACILITY_NOT_FOUND to anyone but the owner, and audits the attempt', async () => {
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers);
    const other = await signIn(ctx);
    const url = `/api/facilities/${facility._id}`;
    for (const request of [
      { method: 'GET' as const, url },
      { method: 'PUT' as const, url, payload: facilityInput({ name: 'Taken over' }) },
      { method: 'DELETE' as const, url },
      { method: 'GET' as const, url: `${url}/staff` },
      { method: 'POST' as const, url: `${url}/staff`, payload: { email: 'x@example.test' } },
    ])
      expectErrorAnswer(
        await ctx.app.inject({ ...request, headers: other.headers }),
        404,
        errorOf('FACILITY_NOT_FOUND'),
      );
    expect((await ctx.app.inject({ url, headers: owner.headers })).json<TFacility>().name).toBe(
      'Hospital da Luz',
    );
    expect((await auditOf(other.user._id)).map((row) => row.outcome)).toEqual(
      Array(5).fill('denied'),
    );
  });

  it('makes an approved facility pending again when a field changes, not when nothing does', async () => {
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers);
    await approve('facilities', facility._id);
    const put = (name: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/facilities/${facility._id}`,
        headers: owner.headers,
        payload: facilityInput({ name }),
      });
    expect((await put('Hospital da Luz')).json<TFacility>().reviewStatus).toBe('approved');
    expect((await put('Hospital da Luz Lisboa')).json<TFacility>().reviewStatus).toBe('pending');
  });

  it('deletes the facility; a listing that named it shows the practice again', async () => {
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers);
    await saveListing(owner.headers, { facilityId: facility._id });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/facilities/${facility._id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(204);
    const listing = await ctx.app.inject({ url: '/api/user/listing', headers: owner.headers });
    expect(listing.json()).toMatchObject({ facilityId: null });
  });
});

describe('the staff of a facility', () => {
  async function invitation(email: string) {
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers, {
      name: 'Clínica do Mar',
      kind: 'clinic',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/facilities/${facility._id}/staff`,
      headers: owner.headers,
      payload: { email },
    });
    expect(response.statusCode).toBe(201);
    return { owner, facility, invited: response.json<TCreatedStaffInvitation>() };
  }
  const accept = (headers: Record<string, string>, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/me/facility-staff', headers, payload: { code } });

  it('e-mails a one-time link; the invited, verified address accepts it once, then lists the facility as staff', async () => {
    const email = uniqueEmail('nurse');
    const { owner, facility, invited } = await invitation(email.toUpperCase());
    expect(invited).toMatchObject({ email, status: 'invited', name: null });
    expect(invited.url).toBe(`${ctx.config.PUBLIC_URL}/join-facility/${invited.code}`);
    expect(sent.at(-1)).toMatchObject({ to: email });
    expect(sent.at(-1)!.text).toContain(invited.url);
    ctx.sentByClient(invited.code);

    const stranger = await signIn(ctx);
    expectErrorAnswer(
      await accept(stranger.headers, invited.code),
      403,
      errorOf('STAFF_INVITATION_NOT_FOR_YOU'),
    );
    const nurse = await signIn(ctx, { email, name: 'Nurse Joana' });
    const accepted = await accept(nurse.headers, invited.code);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      facility: { _id: facility._id, name: 'Clínica do Mar' },
    });
    expectErrorAnswer(
      await accept(nurse.headers, invited.code),
      409,
      errorOf('STAFF_INVITATION_USED'),
    );
    expectErrorAnswer(
      await accept(nurse.headers, 'x'.repeat(43)),
      404,
      errorOf('STAFF_INVITATION_NOT_FOUND'),
    );

    const mine = await ctx.app.inject({ url: '/api/facilities', headers: nurse.headers });
    expect(mine.json()).toEqual({
      items: [expect.objectContaining({ _id: facility._id, role: 'staff' })],
    });
    const staff = await ctx.app.inject({
      url: `/api/facilities/${facility._id}/staff`,
      headers: owner.headers,
    });
    expect(staff.json<{ items: TStaffMember[] }>().items).toEqual([
      expect.objectContaining({ email, name: 'Nurse Joana', status: 'active' }),
    ]);
  });

  it('lets a member name the facility in their listing until the owner removes them', async () => {
    const email = uniqueEmail('doctor');
    const { owner, facility, invited } = await invitation(email);
    const doctor = await signIn(ctx, { email });
    expect((await accept(doctor.headers, invited.code)).statusCode).toBe(201);
    expect((await saveListing(doctor.headers, { facilityId: facility._id })).facilityId).toBe(
      facility._id,
    );

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/facilities/${facility._id}/staff/${invited._id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const listing = await ctx.app.inject({ url: '/api/user/listing', headers: doctor.headers });
    expect(listing.json()).toMatchObject({ facilityId: null });
    expectErrorAnswer(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/facilities/${facility._id}/staff/${invited._id}`,
        headers: owner.headers,
      }),
      404,
      errorOf('STAFF_NOT_FOUND'),
    );
  });
});
