import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@portal/shared/profile';
import { completeProfile } from '@portal/shared/profile.factories';
import type { TUser } from '@portal/shared/user';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { updateUserProfile } from './users.repository.ts';
import { toApiUser } from './users.service.ts';
import { SAVES_PER_MINUTE } from './users.routes.ts';
import { type AuthHeaders, createTestApp, signIn, useTestApp } from '../../../test/app.ts';

const ctx = useTestApp();

function putProfile(headers: AuthHeaders, payload: Record<string, unknown>, app = ctx.app) {
  return app.inject({ method: 'PUT', url: '/api/user/update-profile', headers, payload });
}

async function getProfile(headers: AuthHeaders, app = ctx.app): Promise<TUser> {
  const response = await app.inject({ method: 'GET', url: '/api/user/profile', headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { user: TUser }).user;
}

/**
 * The profile every case starts from. The cases that save it through the API give it the
 * signed-in user's own e-mail; the reset writes it straight to the row, which never takes the
 * e-mail (updateUserProfile).
 */
const AMINA = completeProfile();

/** A new user with a complete profile saved through the API, and the saved user. */
async function createUserWithProfile() {
  const session = await signIn(ctx);
  const profile = { ...AMINA, email: session.user.email };
  const response = await putProfile(session.headers, profile);
  expect(response.statusCode).toBe(200);
  return { ...session, profile, saved: (response.json() as { user: TUser }).user };
}

/**
 * Sign-in is rate limited, so the many bad-input cases share a user whose profile is put back
 * to a known state straight in the database before each case.
 */
async function createResettableUser() {
  const session = await signIn(ctx);
  const profile = { ...AMINA, email: session.user.email };
  return {
    ...session,
    profile,
    async reset(): Promise<TUser> {
      const row = await updateUserProfile(ctx.database.db, {
        id: session.user._id,
        profile: AMINA,
      });
      return toApiUser(row!, { isDirectoryReviewer: false });
    },
  };
}

async function storedRow(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('GET /api/user/profile', () => {
  it('answers the signed-in user', async () => {
    const { headers, user } = await signIn(ctx, { name: 'Grace Hopper' });
    const profile = await getProfile(headers);
    expect(profile).toMatchObject({
      _id: user._id,
      name: 'Grace Hopper',
      email: user.email,
      age: null,
      gender: null,
      address: null,
      phone: null,
      premiumMember: false,
    });
  });

  it('answers 401 not authenticated without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'not authenticated' });
  });

  it('answers 401 for a valid token whose user never signed in', async () => {
    const { idToken } = await ctx.local.issueIdToken({
      email: 'never-logged-in@example.test',
      name: 'Nobody',
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/user/update-profile', () => {
  it('saves every field and answers the saved user', async () => {
    const { headers, user, profile, saved } = await createUserWithProfile();
    expect(saved).toMatchObject({ ...profile, _id: user._id, premiumMember: false });
    expect(await getProfile(headers)).toEqual(saved);
  });

  it('trims text, takes age as typed text and stores blank optional fields as null', async () => {
    const { headers, user } = await createUserWithProfile();
    const response = await putProfile(headers, {
      name: '  Amina  ',
      email: user.email,
      age: ' 0 ',
      gender: '',
      address: '   ',
      phone: '',
      picture: '',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { user: TUser }).user).toMatchObject({
      name: 'Amina',
      age: 0,
      gender: null,
      address: null,
      phone: null,
      picture: null,
    });
    expect(await storedRow(user._id)).toMatchObject({ name: 'Amina', age: 0, gender: null });
  });

  it('clears omitted optional fields (PUT replaces the profile)', async () => {
    const { headers, user } = await createUserWithProfile();
    const response = await putProfile(headers, { name: 'Amina', email: user.email });
    expect(response.statusCode).toBe(200);
    expect(await getProfile(headers)).toMatchObject({ age: null, phone: null, picture: null });
  });

  it('changes only the signed-in user', async () => {
    const first = await createUserWithProfile();
    const second = await signIn(ctx, { name: 'Second User' });
    await putProfile(second.headers, { name: 'Changed', email: second.user.email, age: 9 });
    expect(await getProfile(first.headers)).toEqual(first.saved);
  });

  it('does not change the premium flag or the e-mail', async () => {
    const { headers, user } = await createUserWithProfile();
    await putProfile(headers, { name: 'Amina', email: user.email.toUpperCase() });
    const row = await storedRow(user._id);
    expect(row.email).toBe(user.email);
    expect(row.isPremium).toBe(false);
  });

  const long = 'x'.repeat(10_000);
  let shared: Awaited<ReturnType<typeof createResettableUser>>;
  beforeAll(async () => {
    shared = await createResettableUser();
  });

  it.each([
    ['name', { name: '' }, PROFILE_MESSAGES.nameRequired],
    ['name', { name: '   ' }, PROFILE_MESSAGES.nameRequired],
    ['name', { name: undefined }, PROFILE_MESSAGES.nameRequired],
    ['name', { name: long }, PROFILE_MESSAGES.nameTooLong],
    ['email', { email: 'not-an-email' }, PROFILE_MESSAGES.emailInvalid],
    ['email', { email: 'amina@example' }, PROFILE_MESSAGES.emailInvalid],
    ['email', { email: `${long}@example.com` }, PROFILE_MESSAGES.emailInvalid],
    ['age', { age: -1 }, PROFILE_MESSAGES.ageInvalid],
    ['age', { age: '-5' }, PROFILE_MESSAGES.ageInvalid],
    ['age', { age: 'forty' }, PROFILE_MESSAGES.ageInvalid],
    ['age', { age: 30.5 }, PROFILE_MESSAGES.ageWhole],
    ['age', { age: 1000 }, PROFILE_MESSAGES.ageTooHigh],
    ['gender', { gender: 'unknown' }, PROFILE_MESSAGES.genderInvalid],
    ['gender', { gender: 'Male' }, PROFILE_MESSAGES.genderInvalid],
    ['gender', { gender: long }, PROFILE_MESSAGES.genderInvalid],
    ['phone', { phone: '555123456' }, PROFILE_MESSAGES.phoneInvalid],
    ['phone', { phone: '55512345678' }, PROFILE_MESSAGES.phoneInvalid],
    ['phone', { phone: '555-123-4567' }, PROFILE_MESSAGES.phoneInvalid],
    ['phone', { phone: long }, PROFILE_MESSAGES.phoneInvalid],
    ['address', { address: long }, PROFILE_MESSAGES.addressTooLong],
    ['picture', { picture: 'http://images.example.com/a.jpg' }, PROFILE_MESSAGES.pictureInvalid],
    ['picture', { picture: 'javascript:alert(1)' }, PROFILE_MESSAGES.pictureInvalid],
    ['picture', { picture: `https://example.com/${long}` }, PROFILE_MESSAGES.pictureInvalid],
  ])('answers 400 for a bad %s and stores nothing (%#)', async (field, change, message) => {
    const { headers, user, profile } = shared;
    const saved = await shared.reset();
    const before = await storedRow(user._id);
    const response = await putProfile(headers, { ...profile, name: 'Attempted', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { [field]: message },
    });
    expect(await getProfile(headers)).toEqual(saved);
    expect(await storedRow(user._id)).toEqual(before);
  });

  it('answers 400 listing every invalid field at once', async () => {
    const { headers, user } = await createUserWithProfile();
    const response = await putProfile(headers, {
      name: '',
      email: user.email,
      age: -3,
      gender: 'robot',
      phone: '123',
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { fieldErrors: unknown }).fieldErrors).toEqual({
      name: PROFILE_MESSAGES.nameRequired,
      age: PROFILE_MESSAGES.ageInvalid,
      gender: PROFILE_MESSAGES.genderInvalid,
      phone: PROFILE_MESSAGES.phoneInvalid,
    });
  });

  it('rejects unknown fields and stores none of them', async () => {
    const { headers, user, profile, saved } = await createUserWithProfile();
    const response = await putProfile(headers, {
      ...profile,
      name: 'Attempted',
      premiumMember: true,
      uid: 'local:someone-else',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        premiumMember: 'This field is not allowed.',
        uid: 'This field is not allowed.',
      },
    });
    expect(await getProfile(headers)).toEqual(saved);
    expect((await storedRow(user._id)).isPremium).toBe(false);
  });

  it('answers 400 with a clear message for a different e-mail and stores nothing', async () => {
    const { headers, profile, saved } = await createUserWithProfile();
    const response = await putProfile(headers, {
      ...profile,
      name: 'Attempted',
      email: 'someone.else@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'EMAIL_READ_ONLY',
      message: PROFILE_MESSAGES.emailReadOnly,
      fieldErrors: { email: PROFILE_MESSAGES.emailReadOnly },
    });
    expect(PROFILE_MESSAGES.emailReadOnly).toBe(
      'Your email address comes from your sign-in account and cannot be changed here.',
    );
    expect(await getProfile(headers)).toEqual(saved);
  });

  it('answers 400 for a body that is not an object', async () => {
    const { headers } = await createUserWithProfile();
    for (const payload of ['[]', '"name"', 'null']) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/user/update-profile',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it('answers 401 without a token and changes nothing', async () => {
    const { user, profile } = await createUserWithProfile();
    const before = await storedRow(user._id);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      payload: { ...profile, name: 'Intruder' },
    });
    expect(response.statusCode).toBe(401);
    expect(await storedRow(user._id)).toEqual(before);
  });

  it(`answers 429 after ${SAVES_PER_MINUTE} saves a minute by one user, not by others`, async () => {
    const busy = await createUserWithProfile();
    const payload = { name: 'Busy', email: busy.user.email };
    const statuses: number[] = [];
    for (let i = 1; i < SAVES_PER_MINUTE; i += 1)
      statuses.push((await putProfile(busy.headers, payload)).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await putProfile(busy.headers, payload);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      message: 'Too many requests. Please wait a moment and try again.',
    });
    const other = await createUserWithProfile();
    expect(
      (await putProfile(other.headers, { name: 'Calm', email: other.user.email })).statusCode,
    ).toBe(200);
  });

  it('never writes profile fields to the logs', async () => {
    const { headers, user } = await createUserWithProfile();
    await putProfile(headers, {
      name: 'Zebulon Quartermain',
      email: user.email,
      address: '77 Unlikely Lane',
      phone: '5550001111',
    });
    await putProfile(headers, { name: 'Zebulon Quartermain', email: user.email, phone: '99' });
    const logs = ctx.logs.join('');
    for (const secret of ['Zebulon', 'Unlikely Lane', '5550001111', headers.authorization])
      expect(logs).not.toContain(secret);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(document.paths['/api/user/profile']).toHaveProperty('get');
    expect(document.paths['/api/user/update-profile']?.put?.requestBody).toBeDefined();
  });
});

describe('after a restart', () => {
  it('reads back what was saved', async () => {
    const first = await createTestApp();
    const session = await signIn(first);
    const profile = {
      name: 'Dr. Lin Wei',
      email: session.user.email,
      age: 37,
      gender: 'other',
      address: '3 Garden Street',
      phone: '0123456789',
      picture: 'https://images.example.com/lin.png',
    };
    expect((await putProfile(session.headers, profile, first.app)).statusCode).toBe(200);
    // Stop the first server entirely, then start a new one on the same database.
    await first.app.close();
    await first.database.close();

    const database = connectDatabase(first.database.url, { max: 2 });
    const second = await buildApp({
      config: first.config,
      database,
      identity: first.local,
      logStream: { write: () => {} },
    });
    try {
      await second.ready();
      expect(await getProfile(session.headers, second)).toMatchObject(profile);
    } finally {
      await second.close();
      await database.close();
      await first.database.drop();
    }
  });
});
