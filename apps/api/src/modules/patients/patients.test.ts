import { describe, expect, it } from 'vitest';
import {
  BLOOD_GROUPS,
  PATIENT_GENDERS,
  PATIENT_MESSAGES,
  PATIENT_WARNINGS,
  ZPatientInput,
} from '@portal/shared/patient';
import { signIn, useSignedInUser, useTestApp } from '../../../test/app.ts';
import {
  createPatient,
  NOT_FOUND,
  patientInput,
  patientsUrl,
  storedPatientCount,
} from '../../../test/factories/patients.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

const ctx = useTestApp();
const alice = useSignedInUser(ctx);

const url = patientsUrl;
const storedCount = (ownerId: string) => storedPatientCount(ctx, ownerId);

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
    expect(body.name).toBe('Amina Yusuf');
    expect(body.emergencyContact).toEqual({ phone: input.emergencyContact!.phone });
    // Every field of the shared schema, as it validates the input (trimmed, defaults filled in).
    expect(body).toEqual({
      ...ZPatientInput.parse(input),
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: body.createdAt,
      selfRegistered: false,
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
    ['phone', { phone: '555123456' }, PATIENT_MESSAGES.phoneInvalid],
    [
      'emergencyContact.phone',
      { emergencyContact: { phone: '' } },
      PATIENT_MESSAGES.emergencyPhoneRequired,
    ],
    [
      'emergencyContact.phone',
      { emergencyContact: { phone: '12-34' } },
      PATIENT_MESSAGES.emergencyPhoneInvalid,
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
    expectErrorAnswer(response, 401, { message: 'not authenticated', code: 'NOT_AUTHENTICATED' });
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
    expectErrorAnswer(second, 409, {
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
    expect(invalid.json().fieldErrors).toEqual({ phone: PATIENT_MESSAGES.phoneInvalid });
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
