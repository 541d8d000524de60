import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@portal/shared/audit';
import type { TPatient } from '@portal/shared/patient';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { createPatient, patientInput } from '../../../test/factories/patients.ts';

/**
 * The privacy matrix: a second user, on every verb, gets exactly what a missing id gets, and
 * sees none of the first user's patients anywhere; nobody can assign an owner.
 */
const ctx = useTestApp();
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;
let live: TPatient;
let trashed: TPatient;
const MISSING = '6f1c1b1e-0000-4000-8000-000000000000';

beforeAll(async () => {
  alice = await signIn(ctx);
  bob = await signIn(ctx);
  live = await createPatient(ctx, alice.headers, {
    name: 'Private Alicepatient',
    phone: '9998887777',
    email: 'private.alicepatient@example.com',
  });
  trashed = await createPatient(ctx, alice.headers, { name: 'Trashed Alicepatient' });
  await ctx.app.inject({
    method: 'DELETE',
    url: `/api/records/patients/${trashed._id}`,
    headers: alice.headers,
  });
});

type Verb = (id: string) => Promise<LightMyRequestResponse>;
const verbs: Record<string, Verb> = {
  GET: (id) => ctx.app.inject({ url: `/api/records/patients/${id}`, headers: bob.headers }),
  PUT: (id) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/records/patients/${id}`,
      headers: bob.headers,
      payload: patientInput({ name: 'Hijacked' }),
    }),
  'PUT with If-Match': (id) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/records/patients/${id}`,
      headers: { ...bob.headers, 'if-match': `"${live.updatedAt}"` },
      payload: patientInput({ name: 'Hijacked' }),
    }),
  DELETE: (id) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/records/patients/${id}`, headers: bob.headers }),
  restore: (id) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/records/patients/${id}/restore`,
      headers: bob.headers,
    }),
};

/** Everything a client can observe, minus what differs per request. */
function observable(response: LightMyRequestResponse) {
  const headers = Object.keys(response.headers)
    .filter((name) => !['x-request-id', 'date'].includes(name))
    .sort();
  return { status: response.statusCode, body: response.body, headers };
}

describe("another user's patient answers exactly like a missing one", () => {
  it.each(Object.keys(verbs))('%s', async (verb) => {
    const missing = observable(await verbs[verb]!(MISSING));
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({
      message: 'The patient could not be found.',
      code: 'PATIENT_NOT_FOUND',
    });
    expect(observable(await verbs[verb]!(live._id))).toEqual(missing);
    expect(observable(await verbs[verb]!(trashed._id))).toEqual(missing);
    expect(observable(await verbs[verb]!(live._id.toUpperCase()))).toEqual(missing);
    expect(observable(await verbs[verb]!('not-a-uuid'))).toEqual(missing);
  });

  it("left Alice's patients untouched", async () => {
    const response = await ctx.app.inject({
      url: `/api/records/patients/${live._id}`,
      headers: alice.headers,
    });
    const { warnings: _warnings, ...stored } = live as TPatient & { warnings?: unknown };
    expect(response.json()).toEqual(stored);
    const { rows } = await ctx.database.pool.query(
      'select deleted_at from patients where id = $1',
      [trashed._id],
    );
    expect(rows[0].deleted_at).not.toBeNull();
  });
});

describe('lists, search, export and audit show only your own', () => {
  it('list and search', async () => {
    await createPatient(ctx, bob.headers, { name: 'Bobs Own' });
    for (const query of [
      '',
      '?q=alicepatient',
      '?q=9998887777',
      '?q=private.alice',
      '?limit=200',
    ]) {
      const response = await ctx.app.inject({
        url: `/api/records/patients${query}`,
        headers: bob.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Alicepatient');
      expect(response.body).not.toContain(live._id);
      expect(Number(response.headers['x-total-count'])).toBe(
        query.includes('alice') || query.includes('999') ? 0 : 1,
      );
    }
  });

  it.each(['fhir', 'csv'])('export as %s', async (format) => {
    const response = await ctx.app.inject({
      url: `/api/records/patients/export?format=${format}`,
      headers: bob.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Bobs Own');
    expect(response.body).not.toContain('Alicepatient');
    expect(response.body).not.toContain(live._id);
  });

  it('audit trail', async () => {
    const audit = async (headers: AuthHeaders) =>
      (
        await ctx.app.inject({ url: '/api/records/audit?limit=200', headers })
      ).json() as TAuditEvent[];
    const bobs = await audit(bob.headers);
    expect(bobs.every((event) => event.actorId === bob.user._id)).toBe(true);
    const alices = await audit(alice.headers);
    expect(alices.every((event) => event.actorId === alice.user._id)).toBe(true);
    // Bob's attempts on Alice's patient are in Bob's trail, as denied, and not in Alice's.
    const denied = bobs.filter((e) => e.patientId === live._id);
    expect(new Set(denied.map((e) => `${e.action}:${e.outcome}`))).toEqual(
      new Set(['read:denied', 'update:denied', 'delete:denied', 'restore:denied']),
    );
    expect(alices.some((e) => e.requestId && denied.some((d) => d.requestId === e.requestId))).toBe(
      false,
    );
  });
});

describe('no mass assignment of an owner', () => {
  it.each(['ownerId', 'owner_id', 'owner', 'userId'])(
    'a create with an injected %s is refused and stores nothing for anyone',
    async (field) => {
      const count = async () =>
        (await ctx.database.pool.query('select count(*)::int as n from patients')).rows[0].n;
      const before = await count();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/records/patients',
        headers: bob.headers,
        payload: { ...patientInput(), [field]: alice.user._id },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: 'This field is not allowed.' });
      expect(await count()).toBe(before);
    },
  );

  it("an update of one's own patient with an injected owner id is refused and changes nothing", async () => {
    const own = await createPatient(ctx, bob.headers);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/records/patients/${own._id}`,
      headers: bob.headers,
      payload: { ...patientInput(), ownerId: alice.user._id },
    });
    expect(response.statusCode).toBe(400);
    const { rows } = await ctx.database.pool.query(
      'select owner_id, updated_at from patients where id = $1',
      [own._id],
    );
    expect(rows[0].owner_id).toBe(bob.user._id);
    expect(rows[0].updated_at.toISOString()).toBe(own.updatedAt);
    const events = (
      await ctx.app.inject({ url: '/api/records/audit', headers: bob.headers })
    ).json() as TAuditEvent[];
    expect(events[0]).toMatchObject({ action: 'update', outcome: 'invalid', patientId: own._id });
  });

  it('a query string cannot widen the scope', async () => {
    for (const query of [`?ownerId=${alice.user._id}`, `?owner_id=${alice.user._id}`]) {
      const response = await ctx.app.inject({
        url: `/api/records/patients${query}`,
        headers: bob.headers,
      });
      expect(response.body).not.toContain('Alicepatient');
    }
  });
});
