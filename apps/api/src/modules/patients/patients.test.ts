import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import {
  BLOOD_GROUPS,
  PATIENT_GENDERS,
  PATIENT_MESSAGES,
  PATIENT_WARNINGS,
  type TPatient,
} from '@portal/shared/patient';
import { createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { createPatient, patientInput, seedPatients } from './patients.factories.ts';

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signIn(ctx);
});
afterAll(() => ctx.close());

const NOT_FOUND = { message: ERRORS.PATIENT_NOT_FOUND.message, code: 'PATIENT_NOT_FOUND' };

function url(path = '') {
  return `/api/records/patients${path}`;
}

async function list(headers: Record<string, string>, query = '') {
  const response = await ctx.app.inject({ url: url(query), headers });
  return {
    status: response.statusCode,
    items: response.statusCode === 200 ? (response.json() as TPatient[]) : [],
    total: Number(response.headers['x-total-count']),
    next: /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1],
    body: response.json() as unknown,
  };
}

async function storedCount(ownerId: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from patients where owner_id = $1',
    [ownerId],
  );
  return rows[0]!.n;
}

describe('POST /api/records/patients', () => {
  it('stores the patient and answers it with _id, nested emergency phone, timestamps and an ETag', async () => {
    const input = patientInput({ name: '  Amina Yusuf  ', email: 'amina@example.com' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: url(),
      headers: alice.headers,
      payload: input,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Amina Yusuf',
      diagnosedWith: input.diagnosedWith,
      address: input.address,
      age: input.age,
      bloodGroup: input.bloodGroup,
      gender: input.gender,
      email: 'amina@example.com',
      phone: input.phone,
      emergencyContact: { phone: input.emergencyContact!.phone },
      hasChronicDiseases: true,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: body.createdAt,
      warnings: [],
    });
    expect(response.headers.etag).toBe(`"${body.updatedAt}"`);
    const fetched = await ctx.app.inject({ url: url(`/${body._id}`), headers: alice.headers });
    const { warnings: _warnings, ...patient } = body;
    expect(fetched.json()).toEqual(patient);
  });

  it('stores an empty email as null and answers without email', async () => {
    const created = await createPatient(ctx, alice.headers, { email: '' });
    expect(created).not.toHaveProperty('email');
    const fetched = await ctx.app.inject({ url: url(`/${created._id}`), headers: alice.headers });
    expect(fetched.json()).not.toHaveProperty('email');
    const { rows } = await ctx.database.pool.query('select email from patients where id = $1', [
      created._id,
    ]);
    expect(rows[0].email).toBeNull();
    // JSON leaves out undefined: the request carries no email at all.
    expect(await createPatient(ctx, alice.headers, { email: undefined })).not.toHaveProperty(
      'email',
    );
  });

  it.each(BLOOD_GROUPS)('accepts blood group %s', async (bloodGroup) => {
    expect((await createPatient(ctx, alice.headers, { bloodGroup })).bloodGroup).toBe(bloodGroup);
  });

  it.each(PATIENT_GENDERS)('accepts gender %s', async (gender) => {
    expect((await createPatient(ctx, alice.headers, { gender })).gender).toBe(gender);
  });

  it('defaults hasChronicDiseases to false', async () => {
    const created = await createPatient(ctx, alice.headers, { hasChronicDiseases: undefined });
    expect(created.hasChronicDiseases).toBe(false);
  });

  it.each([
    ['name', { name: '' }, PATIENT_MESSAGES.nameRequired],
    ['diagnosedWith', { diagnosedWith: ' ' }, PATIENT_MESSAGES.diagnosisRequired],
    ['address', { address: '' }, PATIENT_MESSAGES.addressRequired],
    ['age', { age: undefined }, PATIENT_MESSAGES.ageRequired],
    ['age', { age: '42' }, PATIENT_MESSAGES.ageRequired],
    ['age', { age: -1 }, PATIENT_MESSAGES.ageNegative],
    ['bloodGroup', { bloodGroup: '' }, PATIENT_MESSAGES.bloodGroupRequired],
    ['bloodGroup', { bloodGroup: 'C+' }, PATIENT_MESSAGES.bloodGroupRequired],
    ['gender', { gender: 'male' }, PATIENT_MESSAGES.genderRequired],
    ['email', { email: 'not-an-email' }, PATIENT_MESSAGES.emailInvalid],
    ['phone', { phone: '' }, PATIENT_MESSAGES.phoneRequired],
    ['phone', { phone: '555123456' }, PATIENT_MESSAGES.phoneDigits],
    [
      'emergencyContact.phone',
      { emergencyContact: { phone: '' } },
      PATIENT_MESSAGES.emergencyPhoneRequired,
    ],
    [
      'emergencyContact.phone',
      { emergencyContact: { phone: '12-34' } },
      PATIENT_MESSAGES.emergencyPhoneDigits,
    ],
  ])(
    'answers 400 with the spec message for %s (%j) and stores nothing',
    async (field, change, message) => {
      const before = await storedCount(alice.user._id);
      const response = await ctx.app.inject({
        method: 'POST',
        url: url(),
        headers: alice.headers,
        payload: { ...patientInput(), ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        fieldErrors: { [field]: message },
      });
      expect(await storedCount(alice.user._id)).toBe(before);
    },
  );

  it.each(['ownerId', 'owner_id', '_id', 'id', 'createdAt', 'updatedAt', 'deletedAt'])(
    'rejects the unknown field %s (no mass assignment)',
    async (field) => {
      const before = await storedCount(alice.user._id);
      const response = await ctx.app.inject({
        method: 'POST',
        url: url(),
        headers: alice.headers,
        payload: { ...patientInput(), [field]: '00000000-0000-4000-8000-000000000000' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: 'This field is not allowed.' });
      expect(await storedCount(alice.user._id)).toBe(before);
    },
  );

  it('warns about a probable duplicate: same name (any case) and phone of the same user', async () => {
    const first = await createPatient(ctx, alice.headers, {
      name: 'Jean Dupont',
      phone: '6140000001',
    });
    const second = await createPatient(ctx, alice.headers, {
      name: 'JEAN dupont',
      phone: '6140000001',
    });
    expect(second.warnings).toEqual([
      {
        code: 'POSSIBLE_DUPLICATE',
        message: PATIENT_WARNINGS.POSSIBLE_DUPLICATE,
        patientId: first._id,
      },
    ]);
    const otherPhone = await createPatient(ctx, alice.headers, {
      name: 'Jean Dupont',
      phone: '6140000002',
    });
    expect(otherPhone.warnings).toEqual([]);
    const bob = await signIn(ctx);
    const othersPatient = await createPatient(ctx, bob.headers, {
      name: 'Jean Dupont',
      phone: '6140000001',
    });
    expect(othersPatient.warnings).toEqual([]);
  });

  it('does not warn about a duplicate in the trash', async () => {
    const first = await createPatient(ctx, alice.headers, {
      name: 'Trash Twin',
      phone: '6140000009',
    });
    await ctx.app.inject({ method: 'DELETE', url: url(`/${first._id}`), headers: alice.headers });
    const second = await createPatient(ctx, alice.headers, {
      name: 'Trash Twin',
      phone: '6140000009',
    });
    expect(second.warnings).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: url(), payload: patientInput() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'not authenticated', code: 'NOT_AUTHENTICATED' });
  });
});

describe('GET /api/records/patients (paging)', () => {
  let paged: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    paged = await signIn(ctx);
    await seedPatients(ctx, { ownerId: paged.user._id, count: 230 });
  });

  it('answers 50 newest first by default with X-Total-Count and a Link to the next page', async () => {
    const page = await list(paged.headers);
    expect(page.status).toBe(200);
    expect(page.items).toHaveLength(50);
    expect(page.total).toBe(230);
    const created = page.items.map((p) => p.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(page.next).toMatch(/^\/api\/records\/patients\?cursor=[A-Za-z0-9_-]+$/);
  });

  it('walks every patient exactly once by following Link, with no Link on the last page', async () => {
    const seen: string[] = [];
    let next: string | undefined = url('?limit=100');
    let pages = 0;
    while (next) {
      const response: { statusCode: number; headers: Record<string, unknown>; json(): unknown } =
        await ctx.app.inject({ url: next, headers: paged.headers });
      expect(response.statusCode).toBe(200);
      seen.push(...(response.json() as TPatient[]).map((p) => p._id));
      next = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1];
      if (next) expect(next).toContain('limit=100');
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(230);
    expect(new Set(seen).size).toBe(230);
  });

  it('accepts limit up to 200 and rejects other limits with a clear message', async () => {
    expect((await list(paged.headers, '?limit=200')).items).toHaveLength(200);
    expect((await list(paged.headers, '?limit=1')).items).toHaveLength(1);
    for (const limit of ['201', '0', '-5', '2.5', 'abc', '']) {
      const page = await list(paged.headers, `?limit=${limit}`);
      expect(page.status, limit).toBe(400);
      expect(page.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'limit must be a whole number from 1 to 200',
      });
    }
  });

  it('keeps a cursor stable when patients are added meanwhile (no repeats, no gaps)', async () => {
    const stable = await signIn(ctx);
    await seedPatients(ctx, { ownerId: stable.user._id, count: 30 });
    const all = (await list(stable.headers, '?limit=200')).items.map((p) => p._id);
    const first = await list(stable.headers, '?limit=10');
    for (let i = 0; i < 5; i += 1) await createPatient(ctx, stable.headers);
    const second = await list(stable.headers, first.next!.replace('/api/records/patients', ''));
    expect(second.items.map((p) => p._id)).toEqual(all.slice(10, 20));
    expect(second.total).toBe(35);
  });

  it('answers 400 for a cursor that is not ours', async () => {
    for (const cursor of ['garbage!', 'e30', Buffer.from('["x","y"]').toString('base64url')]) {
      const page = await list(paged.headers, `?cursor=${cursor}`);
      expect(page.status).toBe(400);
      expect(page.body).toEqual({
        message: ERRORS.INVALID_CURSOR.message,
        code: 'INVALID_CURSOR',
      });
    }
  });
});

describe('GET /api/records/patients?q= (search)', () => {
  let searcher: Awaited<ReturnType<typeof signIn>>;
  let ids: Record<string, string>;
  beforeAll(async () => {
    searcher = await signIn(ctx);
    await seedPatients(ctx, { ownerId: searcher.user._id, count: 40, prefix: 'Filler' });
    ids = {
      elise: (
        await createPatient(ctx, searcher.headers, {
          name: 'Élise Moreau',
          diagnosedWith: 'Migraine',
          phone: '4155550123',
          email: 'elise.m@clinic.fr',
        })
      )._id,
      omar: (
        await createPatient(ctx, searcher.headers, {
          name: 'Omar Haddad',
          diagnosedWith: 'Chronic Kidney Disease',
          phone: '2125550188',
          email: '',
        })
      )._id,
      percent: (
        await createPatient(ctx, searcher.headers, {
          name: 'Under_score 100%',
          diagnosedWith: 'Asthma',
          phone: '3105550100',
        })
      )._id,
    };
  });

  const found = async (q: string) => {
    const page = await list(searcher.headers, `?q=${encodeURIComponent(q)}`);
    expect(page.status).toBe(200);
    expect(page.total).toBe(page.items.length);
    return page.items.map((p) => p._id).sort();
  };

  it('finds by a fragment of the name, diagnosis, phone or email, ignoring case', async () => {
    expect(await found('MOREAU')).toEqual([ids.elise]);
    expect(await found('oreA')).toEqual([ids.elise]);
    expect(await found('kidney dis')).toEqual([ids.omar]);
    expect(await found('5550188')).toEqual([ids.omar]);
    expect(await found('clinic.fr')).toEqual([ids.elise]);
    expect(await found('nobody-has-this')).toEqual([]);
  });

  it('finds a phone typed with separators', async () => {
    expect(await found('(212) 555-01')).toEqual([ids.omar]);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await found('100%')).toEqual([ids.percent]);
    expect(await found('r_s')).toEqual([ids.percent]);
    expect(await found('%')).toEqual([ids.percent]);
  });

  it('pages a search and keeps q in the Link', async () => {
    const page = await list(searcher.headers, '?q=filler&limit=15');
    expect(page.total).toBe(40);
    expect(page.items).toHaveLength(15);
    expect(page.next).toContain('q=filler');
    const rest = await list(searcher.headers, page.next!.replace('/api/records/patients', ''));
    expect(rest.items.every((p) => p.name.startsWith('Filler'))).toBe(true);
  });

  it('answers the whole list for an empty q and rejects a q over 100 characters', async () => {
    expect((await list(searcher.headers, '?q=%20')).total).toBe(43);
    const long = await list(searcher.headers, `?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: 'q must be at most 100 characters' });
  });
});

describe('GET /api/records/patients/{id}', () => {
  it('answers the patient with its ETag', async () => {
    const created = await createPatient(ctx, alice.headers);
    const response = await ctx.app.inject({ url: url(`/${created._id}`), headers: alice.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(`"${created.updatedAt}"`);
  });

  it.each([
    ['a missing id', '00000000-0000-4000-8000-000000000000'],
    ['a non-uuid id', 'not-a-uuid'],
    ['an injection attempt', "1' or '1'='1"],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await ctx.app.inject({
      url: url(`/${encodeURIComponent(id)}`),
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });
});

describe('PUT /api/records/patients/{id}', () => {
  const put = (id: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'PUT',
      url: url(`/${id}`),
      headers: { ...alice.headers, ...headers },
      payload: payload as object,
    });

  it('replaces the patient, moves updatedAt forward and answers the new ETag', async () => {
    const created = await createPatient(ctx, alice.headers);
    const change = patientInput({ name: 'Renamed Patient', email: '' });
    const response = await put(created._id, change, { 'if-match': `"${created.updatedAt}"` });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ _id: created._id, name: 'Renamed Patient' });
    expect(updated).not.toHaveProperty('email');
    expect(updated.createdAt).toBe(created.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(response.headers.etag).toBe(`"${updated.updatedAt}"`);
  });

  it('answers 409 with a clear message when the patient changed since the ETag, and keeps the newer version', async () => {
    const created = await createPatient(ctx, alice.headers);
    const staleTag = `"${created.updatedAt}"`;
    const first = await put(created._id, patientInput({ name: 'First Editor' }), {
      'if-match': staleTag,
    });
    expect(first.statusCode).toBe(200);
    const second = await put(created._id, patientInput({ name: 'Second Editor' }), {
      'if-match': staleTag,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message:
        'This patient was changed after you opened it. Reload to see the latest details, then make your changes again.',
      code: 'PATIENT_CHANGED',
    });
    expect(second.headers.etag).toBe(first.headers.etag);
    const stored = await ctx.app.inject({ url: url(`/${created._id}`), headers: alice.headers });
    expect(stored.json().name).toBe('First Editor');
  });

  it('gives two quick successive changes different ETags', async () => {
    const created = await createPatient(ctx, alice.headers);
    const a = await put(created._id, patientInput());
    const b = await put(created._id, patientInput());
    expect(a.headers.etag).not.toBe(b.headers.etag);
    expect(
      (await put(created._id, patientInput(), { 'if-match': a.headers.etag! })).statusCode,
    ).toBe(409);
  });

  it('accepts If-Match *, a weak tag, a list of tags, and no If-Match at all', async () => {
    const created = await createPatient(ctx, alice.headers);
    const star = await put(created._id, patientInput(), { 'if-match': '*' });
    expect(star.statusCode).toBe(200);
    const weak = await put(created._id, patientInput(), { 'if-match': `W/${star.headers.etag}` });
    expect(weak.statusCode).toBe(200);
    const several = await put(created._id, patientInput(), {
      'if-match': `"2000-01-01T00:00:00.000Z", ${weak.headers.etag}`,
    });
    expect(several.statusCode).toBe(200);
    expect((await put(created._id, patientInput())).statusCode).toBe(200);
  });

  it('answers 409 for an If-Match that is not one of our tags', async () => {
    const created = await createPatient(ctx, alice.headers);
    for (const tag of ['"nonsense"', 'unquoted', '""']) {
      expect((await put(created._id, patientInput(), { 'if-match': tag })).statusCode).toBe(409);
    }
  });

  it('validates with the spec messages and rejects unknown fields', async () => {
    const created = await createPatient(ctx, alice.headers);
    const invalid = await put(created._id, { ...patientInput(), phone: '123' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ phone: PATIENT_MESSAGES.phoneDigits });
    const injected = await put(created._id, { ...patientInput(), _id: created._id });
    expect(injected.statusCode).toBe(400);
    expect(injected.json().fieldErrors).toEqual({ _id: 'This field is not allowed.' });
  });

  it('answers 404 for a missing id, with or without If-Match', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await put(id, patientInput())).json()).toEqual(NOT_FOUND);
    expect((await put(id, patientInput(), { 'if-match': '"x"' })).json()).toEqual(NOT_FOUND);
  });
});

describe('DELETE and restore (trash for 30 days)', () => {
  const del = (id: string, headers = alice.headers) =>
    ctx.app.inject({ method: 'DELETE', url: url(`/${id}`), headers });
  const restore = (id: string, headers = alice.headers) =>
    ctx.app.inject({ method: 'POST', url: url(`/${id}/restore`), headers });

  it('moves the patient to the trash: 204, gone from GET and the list, still stored', async () => {
    const created = await createPatient(ctx, alice.headers);
    const before = await list(alice.headers, '?limit=200');
    const response = await del(created._id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const get = await ctx.app.inject({ url: url(`/${created._id}`), headers: alice.headers });
    expect(get.statusCode).toBe(404);
    const after = await list(alice.headers, '?limit=200');
    expect(after.items.map((p) => p._id)).not.toContain(created._id);
    expect(after.total).toBe(before.total - 1);
    const { rows } = await ctx.database.pool.query(
      'select deleted_at from patients where id = $1',
      [created._id],
    );
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
    expect((await del(created._id)).statusCode).toBe(404);
    expect((await put404(created._id)).statusCode).toBe(404);
  });

  const put404 = (id: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: url(`/${id}`),
      headers: alice.headers,
      payload: patientInput(),
    });

  it('restores a trashed patient unchanged, back in the list', async () => {
    const created = await createPatient(ctx, alice.headers);
    await del(created._id);
    const response = await restore(created._id);
    expect(response.statusCode).toBe(200);
    const { warnings: _w, ...patient } = created;
    expect(response.json()).toEqual(patient);
    expect(response.headers.etag).toBe(`"${created.updatedAt}"`);
    const after = await list(alice.headers, '?limit=200');
    expect(after.items.map((p) => p._id)).toContain(created._id);
    expect((await restore(created._id)).statusCode).toBe(200);
  });

  it('accepts DELETE and restore sent with a JSON content type and no body (as the web app sends them)', async () => {
    const created = await createPatient(ctx, alice.headers);
    const headers = { ...alice.headers, 'content-type': 'application/json' };
    expect((await del(created._id, headers)).statusCode).toBe(204);
    expect((await restore(created._id, headers)).statusCode).toBe(200);
  });

  it('cannot restore after 30 days, and purges what is older than 30 days', async () => {
    const old = await createPatient(ctx, alice.headers);
    const recent = await createPatient(ctx, alice.headers);
    await del(old._id);
    await del(recent._id);
    await ctx.database.pool.query(
      `update patients set deleted_at = now() - interval '31 days' where id = $1`,
      [old._id],
    );
    await ctx.database.pool.query(
      `update patients set deleted_at = now() - interval '29 days' where id = $1`,
      [recent._id],
    );
    expect((await restore(old._id)).json()).toEqual(NOT_FOUND);

    // Start-up purges (and then hourly): build a second app on the same database.
    const { buildApp } = await import('../../app.ts');
    const again = await buildApp({
      config: ctx.config,
      database: ctx.database,
      identity: ctx.local,
    });
    await again.ready();
    await again.close();
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id from patients where id = any($1)',
      [[old._id, recent._id]],
    );
    expect(rows.map((r) => r.id)).toEqual([recent._id]);
    const { rows: purged } = await ctx.database.pool.query(
      `select actor_id, action, outcome from audit_events where patient_id = $1 and action = 'purge'`,
      [old._id],
    );
    expect(purged).toEqual([{ actor_id: alice.user._id, action: 'purge', outcome: 'success' }]);
    expect((await restore(recent._id)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every records route', async () => {
    const document = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/records/patients']!)).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(document.paths['/api/records/patients/{id}']!)).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(document.paths).toHaveProperty('/api/records/patients/{id}/restore');
    expect(document.paths).toHaveProperty('/api/records/patients/export');
    expect(document.paths).toHaveProperty('/api/records/audit');
  });
});
