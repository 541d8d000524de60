import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTICE_PREFERENCES,
  type TNoticePreferences,
} from '@portal/shared/notice-preferences';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { wantsNotice } from './notices.service.ts';

const ctx = useTestApp();

const URL = '/api/user/notice-preferences';

const getPreferences = (headers: AuthHeaders) => ctx.app.inject({ url: URL, headers });
const putPreferences = (headers: AuthHeaders, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: URL, headers, payload: payload as object });

const REMINDERS_OFF: TNoticePreferences = {
  ...DEFAULT_NOTICE_PREFERENCES,
  'appointment-reminders': false,
};

describe('GET /api/user/notice-preferences', () => {
  it('answers every kind e-mailed for a user who chose nothing, not to be cached', async () => {
    const { headers } = await signIn(ctx);
    const response = await getPreferences(headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      'appointment-reminders': true,
      'link-notices': true,
      'patient-appointment-reminders': true,
      'correction-notices': true,
      'message-notices': true,
      'medicine-notices': true,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ url: URL })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/notice-preferences', () => {
  it("saves the user's own choices and answers them; another user's stay as they were", async () => {
    const { headers } = await signIn(ctx);
    const other = await signIn(ctx);
    const response = await putPreferences(headers, REMINDERS_OFF);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(REMINDERS_OFF);
    expect((await getPreferences(headers)).json()).toEqual(REMINDERS_OFF);
    expect((await getPreferences(other.headers)).json()).toEqual(DEFAULT_NOTICE_PREFERENCES);
  });

  it('answers 400 to an unknown kind, a missing one or a value not true or false, and changes nothing', async () => {
    const { headers } = await signIn(ctx);
    await putPreferences(headers, REMINDERS_OFF);
    const { 'link-notices': _missing, ...withoutLinks } = DEFAULT_NOTICE_PREFERENCES;
    const refused = [
      { ...DEFAULT_NOTICE_PREFERENCES, newsletter: false },
      withoutLinks,
      { ...DEFAULT_NOTICE_PREFERENCES, 'link-notices': 'no' },
      [],
    ];
    for (const payload of refused) {
      const response = await putPreferences(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(
      (await putPreferences(headers, { ...DEFAULT_NOTICE_PREFERENCES, newsletter: false })).json(),
    ).toMatchObject({ fieldErrors: { newsletter: 'This field is not allowed.' } });
    expect((await getPreferences(headers)).json()).toEqual(REMINDERS_OFF);
  });
});

describe('wantsNotice', () => {
  it('is true until the user turns the kind off, for that kind only', async () => {
    const { headers, user } = await signIn(ctx);
    expect(await wantsNotice(ctx.database.db, user._id, 'appointment-reminders')).toBe(true);
    await putPreferences(headers, REMINDERS_OFF);
    expect(await wantsNotice(ctx.database.db, user._id, 'appointment-reminders')).toBe(false);
    expect(await wantsNotice(ctx.database.db, user._id, 'link-notices')).toBe(true);
  });

  it('is false for a user who does not exist', async () => {
    expect(
      await wantsNotice(ctx.database.db, '00000000-0000-4000-8000-000000000000', 'link-notices'),
    ).toBe(false);
  });
});
