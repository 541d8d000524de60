import { describe, expect, it } from 'vitest';
import { PATIENT_MESSAGES } from '@portal/shared/patient';
import { EMPTY_PRACTICE, PRACTICE_MESSAGES } from '@portal/shared/practice';
import { PROFILE_MESSAGES } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { createPatient, patientInput, patientsUrl } from '../../../test/factories/patients.ts';
import { practiceInput } from '@portal/shared/practice.factories';

const ctx = useTestApp();

const PRACTICE = practiceInput();

const putPractice = (headers: AuthHeaders, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/user/practice', headers, payload: payload as object });

async function getUser(headers: AuthHeaders): Promise<TUser> {
  const response = await ctx.app.inject({ url: '/api/user/profile', headers });
  return (response.json() as { user: TUser }).user;
}

/** A practitioner whose practice is in Portugal. */
async function signInInPortugal() {
  const session = await signIn(ctx);
  expect((await putPractice(session.headers, PRACTICE)).statusCode).toBe(200);
  return session;
}

describe('PUT /api/user/practice', () => {
  it('saves the Practice section, its phone in E.164, and answers it with the user', async () => {
    const { headers } = await signIn(ctx);
    expect((await getUser(headers)).practice).toEqual(EMPTY_PRACTICE);
    const response = await putPractice(headers, PRACTICE);
    expect(response.statusCode).toBe(200);
    const expected = { ...PRACTICE, phone: '+351221234567' };
    expect((response.json() as { user: TUser }).user.practice).toEqual(expected);
    expect((await getUser(headers)).practice).toEqual(expected);
  });

  it('answers 400 listing every invalid field at once, and changes nothing', async () => {
    const { headers } = await signInInPortugal();
    const before = await getUser(headers);
    const response = await putPractice(headers, {
      ...PRACTICE,
      country: 'XX',
      phone: '12',
      postalCode: '<b>',
      cancellationNoticeHours: 169,
      ownerId: 'someone',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        country: PRACTICE_MESSAGES.countryInvalid,
        postalCode: PRACTICE_MESSAGES.postalCodeInvalid,
        cancellationNoticeHours: PRACTICE_MESSAGES.cancellationNoticeInvalid,
        ownerId: 'This field is not allowed.',
      },
    });
    expect(await getUser(headers)).toEqual(before);
    // The phone is judged once the rest of the section is valid (it needs the country).
    const phone = await putPractice(headers, { ...PRACTICE, phone: '12' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fieldErrors).toEqual({ phone: PRACTICE_MESSAGES.phoneInvalid });
    expect(await getUser(headers)).toEqual(before);
  });

  it('clears the section with an empty body', async () => {
    const { headers } = await signInInPortugal();
    expect((await putPractice(headers, {})).json().user.practice).toEqual(EMPTY_PRACTICE);
  });

  it('is refused by the database too when out of range', async () => {
    const { user } = await signIn(ctx);
    for (const [column, value] of [
      ['practice_country', 'pt'],
      ['practice_phone', '912345678'],
      ['cancellation_notice_hours', '169'],
    ] as const) {
      await expect(
        ctx.database.pool.query(`update users set ${column} = $2 where id = $1`, [user._id, value]),
      ).rejects.toThrow(/check constraint/);
    }
  });
});

describe('phones read in the practice country', () => {
  it('stores a patient’s national number in E.164 and keeps international ones', async () => {
    const { headers } = await signInInPortugal();
    const created = await createPatient(ctx, headers, {
      phone: '912 345 678',
      emergencyContact: { phone: '+1 202 555 0123' },
    });
    expect(created.phone).toBe('+351912345678');
    expect(created.emergencyContact.phone).toBe('+12025550123');
  });

  it('answers 400 with every field at once for a number invalid in the country, storing nothing', async () => {
    const { headers } = await signInInPortugal();
    const response = await ctx.app.inject({
      method: 'POST',
      url: patientsUrl(),
      headers,
      payload: { ...patientInput({ phone: '21 234' }), bloodGroup: 'C+' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      phone: PATIENT_MESSAGES.phoneInvalid,
      bloodGroup: PATIENT_MESSAGES.bloodGroupRequired,
    });
    const list = await ctx.app.inject({ url: patientsUrl(), headers });
    expect(list.json()).toEqual([]);
  });

  it('accepts a +351 mobile without a practice country, and refuses a national one', async () => {
    const { headers } = await signIn(ctx);
    expect((await createPatient(ctx, headers, { phone: '+351 912 345 678' })).phone).toBe(
      '+351912345678',
    );
    const national = await ctx.app.inject({
      method: 'POST',
      url: patientsUrl(),
      headers,
      payload: patientInput({ phone: '912 345 678' }),
    });
    expect(national.json().fieldErrors).toEqual({ phone: PATIENT_MESSAGES.phoneInvalid });
  });

  it('keeps reading and saving a 10-digit number stored before', async () => {
    const { headers } = await signIn(ctx);
    const created = await createPatient(ctx, headers, { phone: '5551234567' });
    expect((await putPractice(headers, PRACTICE)).statusCode).toBe(200);
    const {
      _id,
      createdAt: _c,
      updatedAt: _u,
      warnings: _w,
      selfRegistered: _s,
      ...fields
    } = created;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: patientsUrl(`/${_id}`),
      headers,
      payload: fields,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().phone).toBe('5551234567');
  });

  it('answers an identity that never signed in as before: 400 for a bad body, 401 for a good one', async () => {
    const { idToken } = await ctx.local.issueIdToken({
      email: 'never-signed-in-phone@example.test',
      name: 'Nobody',
    });
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: patientsUrl(),
        headers: { authorization: `Bearer ${idToken}` },
        payload,
      });
    const bad = await post({ ...patientInput({ phone: '912 345 678' }), name: '' });
    expect(bad.statusCode).toBe(400);
    expect((await post(patientInput({ phone: '912 345 678' }))).statusCode).toBe(400);
    expect((await post(patientInput())).statusCode).toBe(401);
  });

  it('reads the profile phone in the practice country', async () => {
    const { headers, user } = await signInInPortugal();
    const put = (phone: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/user/update-profile',
        headers,
        payload: { name: 'Dr Sousa', email: user.email, phone },
      });
    expect((await put('912 345 678')).json().user.phone).toBe('+351912345678');
    const refused = await put('912 345');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ phone: PROFILE_MESSAGES.phoneInvalid });
    expect((await getUser(headers)).phone).toBe('+351912345678');
  });
});

describe('date of birth', () => {
  it('stores it, answers it, and counts the age from it whatever age was sent', async () => {
    const { headers } = await signIn(ctx);
    const today = new Date().toISOString().slice(0, 10);
    const fortyYearsAgo = `${Number(today.slice(0, 4)) - 40}${today.slice(4)}`;
    const dateOfBirth = fortyYearsAgo.endsWith('02-29')
      ? `${fortyYearsAgo.slice(0, 8)}28`
      : fortyYearsAgo;
    const created = await createPatient(ctx, headers, { dateOfBirth, age: 3 });
    expect(created).toMatchObject({ dateOfBirth, age: 40 });
    const fetched = await ctx.app.inject({ url: patientsUrl(`/${created._id}`), headers });
    expect(fetched.json()).toMatchObject({ dateOfBirth, age: 40 });
  });

  it('answers 400 for a date in the future or before 1900, storing nothing', async () => {
    const { headers } = await signIn(ctx);
    for (const [dateOfBirth, message] of [
      ['2999-01-01', PATIENT_MESSAGES.dateOfBirthFuture],
      ['1899-12-31', PATIENT_MESSAGES.dateOfBirthTooEarly],
      ['1990-02-30', PATIENT_MESSAGES.dateOfBirthInvalid],
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: patientsUrl(),
        headers,
        payload: patientInput({ dateOfBirth }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ dateOfBirth: message });
    }
    expect((await ctx.app.inject({ url: patientsUrl(), headers })).json()).toEqual([]);
  });
});
