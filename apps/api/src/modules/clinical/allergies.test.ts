import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGY_MESSAGES, type TAllergy } from '@portal/shared/allergy';
import type { TAuditEvent } from '@portal/shared/audit';
import { createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { allergyInput, createAllergy, postAllergy } from '../../../test/factories/clinical.ts';
import { createPatient } from '../../../test/factories/patients.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;

async function practitioner() {
  const session = await signIn(ctx);
  const patient = await createPatient(ctx, session.headers, { name: 'Amina Yusuf' });
  return { ...session, patient };
}

async function auditTrail(headers: Headers): Promise<TAuditEvent[]> {
  const response = await ctx.app.inject({ url: '/api/records/audit?limit=200', headers });
  return response.json();
}

async function allergyCount(): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from allergies',
  );
  return rows[0]!.n;
}

const base = (patientId: string) => `/api/records/patients/${patientId}/allergies`;

describe('POST /api/records/patients/:id/allergies', () => {
  it('records an allergy, answers it with its ETag, no-store, and audits the creation', async () => {
    const { headers, patient } = await practitioner();
    const response = await postAllergy(ctx, headers, patient._id, {
      substance: '  Penicillin ',
      severity: 'moderate',
    });
    expect(response.statusCode).toBe(201);
    const allergy = response.json() as TAllergy;
    expect(allergy).toMatchObject({
      patientId: patient._id,
      substance: 'Penicillin',
      reaction: 'Hives',
      severity: 'moderate',
      status: 'active',
    });
    expect(response.headers.etag).toBe(`"${allergy.updatedAt}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const [event] = await auditTrail(headers);
    expect(event).toMatchObject({
      action: 'create',
      outcome: 'success',
      patientId: patient._id,
      allergyId: allergy._id,
    });
  });

  it('refuses bad input with its message, stores nothing and audits the invalid attempt', async () => {
    const { headers, patient } = await practitioner();
    const before = await allergyCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ substance: '   ' }, 'substance', ALLERGY_MESSAGES.substanceRequired],
      [{ substance: 'x'.repeat(201) }, 'substance', ALLERGY_MESSAGES.substanceTooLong],
      [{ reaction: 'x'.repeat(501) }, 'reaction', ALLERGY_MESSAGES.reactionTooLong],
      [{ severity: 'deadly' }, 'severity', ALLERGY_MESSAGES.severityRequired],
      [{ status: 'gone' }, 'status', ALLERGY_MESSAGES.statusInvalid],
      [
        { substance: 'Latex\u0000' },
        'substance',
        'This clinical text contains a character that is not allowed.',
      ],
      [{ ownerId: patient._id }, 'ownerId', 'This field is not allowed.'],
    ];
    for (const [override, field, message] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: base(patient._id),
        headers,
        payload: { ...allergyInput(), ...override },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { [field]: message },
      });
    }
    expect(await allergyCount()).toBe(before);
    const trail = await auditTrail(headers);
    expect(trail.filter((e) => e.outcome === 'invalid')).toHaveLength(cases.length);
    expect(trail[0]).toMatchObject({ action: 'create', patientId: patient._id });
  });

  it("answers 404 for someone else's patient, a trashed one or a non-id, and audits the denial", async () => {
    const owner = await practitioner();
    const other = await practitioner();
    const before = await allergyCount();
    for (const patientId of [other.patient._id, 'not-an-id']) {
      const response = await postAllergy(ctx, owner.headers, patientId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PATIENT_NOT_FOUND' });
    }
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/records/patients/${owner.patient._id}`,
      headers: owner.headers,
    });
    const trashed = await postAllergy(ctx, owner.headers, owner.patient._id);
    expect(trashed.statusCode).toBe(404);
    expect(await allergyCount()).toBe(before);
    const [event] = await auditTrail(owner.headers);
    expect(event).toMatchObject({ action: 'create', outcome: 'denied' });
  });
});

describe('GET /api/records/patients/:id/allergies', () => {
  it('lists newest first, paged with Link and X-Total-Count, filtered by status, audited', async () => {
    const { headers, patient } = await practitioner();
    const made: TAllergy[] = [];
    for (const substance of ['Penicillin', 'Latex', 'Peanuts'])
      made.push(await createAllergy(ctx, headers, patient._id, { substance }));
    await createAllergy(ctx, headers, patient._id, { substance: 'Pollen', status: 'resolved' });
    const first = await ctx.app.inject({ url: `${base(patient._id)}?limit=2`, headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-total-count']).toBe('4');
    expect((first.json() as TAllergy[]).map((a) => a.substance)).toEqual(['Pollen', 'Peanuts']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    const second = await ctx.app.inject({ url: next, headers });
    expect((second.json() as TAllergy[]).map((a) => a.substance)).toEqual(['Latex', 'Penicillin']);
    expect(second.headers.link).toBeUndefined();
    const active = await ctx.app.inject({ url: `${base(patient._id)}?status=active`, headers });
    expect(active.headers['x-total-count']).toBe('3');
    const [event] = await auditTrail(headers);
    expect(event).toMatchObject({ action: 'list', outcome: 'success', patientId: patient._id });
    expect(made).toHaveLength(3);
  });

  it("answers 404 for someone else's patient, 400 for a bad cursor", async () => {
    const owner = await practitioner();
    const other = await practitioner();
    await createAllergy(ctx, other.headers, other.patient._id);
    const response = await ctx.app.inject({ url: base(other.patient._id), headers: owner.headers });
    expect(response.statusCode).toBe(404);
    const cursor = await ctx.app.inject({
      url: `${base(owner.patient._id)}?cursor=nope`,
      headers: owner.headers,
    });
    expect(cursor.json()).toMatchObject({ code: 'INVALID_CURSOR' });
  });
});

describe('GET and PUT /api/records/patients/:id/allergies/:allergyId', () => {
  it('reads with an ETag and audits the read', async () => {
    const { headers, patient } = await practitioner();
    const allergy = await createAllergy(ctx, headers, patient._id);
    const response = await ctx.app.inject({ url: `${base(patient._id)}/${allergy._id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(allergy);
    expect(response.headers.etag).toBe(`"${allergy.updatedAt}"`);
    const [event] = await auditTrail(headers);
    expect(event).toMatchObject({ action: 'read', outcome: 'success', allergyId: allergy._id });
  });

  it('updates with If-Match, and answers 409 ALLERGY_CHANGED with the current ETag to a stale one', async () => {
    const { headers, patient } = await practitioner();
    const allergy = await createAllergy(ctx, headers, patient._id);
    const url = `${base(patient._id)}/${allergy._id}`;
    const put = (status: string, etag: string) =>
      ctx.app.inject({
        method: 'PUT',
        url,
        headers: { ...headers, 'if-match': etag },
        payload: allergyInput({ status: status as TAllergy['status'] }),
      });
    const resolved = await put('resolved', `"${allergy.updatedAt}"`);
    expect(resolved.statusCode).toBe(200);
    const updated = resolved.json() as TAllergy;
    expect(updated.status).toBe('resolved');
    expect(updated.updatedAt > allergy.updatedAt).toBe(true);
    const stale = await put('inactive', `"${allergy.updatedAt}"`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'ALLERGY_CHANGED' });
    expect(stale.headers.etag).toBe(`"${updated.updatedAt}"`);
    const [event] = await auditTrail(headers);
    expect(event).toMatchObject({ action: 'update', outcome: 'conflict', allergyId: allergy._id });
    const read = await ctx.app.inject({ url, headers });
    expect((read.json() as TAllergy).status).toBe('resolved');
  });

  it("answers 404 for someone else's allergy, or one under another patient, and changes nothing", async () => {
    const owner = await practitioner();
    const other = await practitioner();
    const theirs = await createAllergy(ctx, other.headers, other.patient._id);
    const secondPatient = await createPatient(ctx, owner.headers, { name: 'Omar Haddad' });
    const mine = await createAllergy(ctx, owner.headers, owner.patient._id);
    const attempts = [
      `${base(other.patient._id)}/${theirs._id}`,
      `${base(owner.patient._id)}/${theirs._id}`,
      `${base(secondPatient._id)}/${mine._id}`,
      `${base(owner.patient._id)}/not-an-id`,
    ];
    for (const url of attempts) {
      const read = await ctx.app.inject({ url, headers: owner.headers });
      expect(read.statusCode, url).toBe(404);
      const put = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: allergyInput({ substance: 'Changed' }),
      });
      expect(put.statusCode, url).toBe(404);
    }
    const check = await ctx.app.inject({
      url: `${base(other.patient._id)}/${theirs._id}`,
      headers: other.headers,
    });
    expect((check.json() as TAllergy).substance).toBe('Penicillin');
    const [event] = await auditTrail(owner.headers);
    expect(event).toMatchObject({ action: 'update', outcome: 'denied' });
  });
});
