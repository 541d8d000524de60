import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS, SCHEDULE_MESSAGES } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';

const ctx = useTestApp();

async function profileOf(headers: AuthHeaders): Promise<TUser> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
  return (response.json() as { user: TUser }).user;
}

/** Any body, valid or not (the factory's `putSchedule` takes a typed one). */
function sendSchedule(headers: AuthHeaders, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PUT', url: '/api/user/schedule', headers, payload });
}

describe('schedule settings', () => {
  it('starts with Monday–Friday 09:00–17:00 in UTC, a 15-minute reminder, initials only', async () => {
    const { headers } = await signIn(ctx);
    expect(await profileOf(headers)).toMatchObject({
      timeZone: 'UTC',
      workingHours: DEFAULT_WORKING_HOURS,
      reminderMinutes: 15,
      calendarFullNames: false,
      hasCalendarFeed: false,
    });
  });

  it("keeps the browser's time zone from the first sign-in, not from later ones", async () => {
    const email = `tz-${process.pid}@example.test`;
    const first = await signIn(ctx, { email, timeZone: 'Europe/Berlin' });
    expect(first.user).toMatchObject({ timeZone: 'Europe/Berlin' });
    const again = await signIn(ctx, { email, timeZone: 'Asia/Tokyo' });
    expect(again.user).toMatchObject({ timeZone: 'Europe/Berlin' });
  });

  it('refuses a sign-in with a time zone Intl does not know, storing nothing', async () => {
    const email = `tz-bad-${process.pid}@example.test`;
    const { idToken } = await ctx.local.issueIdToken({ email, name: 'Bad Zone' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { timeZone: 'Mars/Olympus' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: { timeZone: SCHEDULE_MESSAGES.timeZoneInvalid },
    });
    const { rows } = await ctx.database.pool.query('select 1 from users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('changes only the settings sent', async () => {
    const { headers } = await signIn(ctx, { timeZone: 'America/New_York' });
    const workingHours = { ...DEFAULT_WORKING_HOURS, saturday: { start: '08:00', end: '12:30' } };
    const response = await sendSchedule(headers, { workingHours, reminderMinutes: null });
    expect(response.statusCode).toBe(200);
    const saved = (response.json() as { user: TUser }).user;
    expect(saved).toMatchObject({
      timeZone: 'America/New_York',
      workingHours,
      reminderMinutes: null,
      calendarFullNames: false,
    });
    const renamed = await sendSchedule(headers, {
      timeZone: 'Asia/Kolkata',
      calendarFullNames: true,
    });
    expect((renamed.json() as { user: TUser }).user).toMatchObject({
      timeZone: 'Asia/Kolkata',
      workingHours,
      reminderMinutes: null,
      calendarFullNames: true,
    });
  });

  it('refuses bad settings with their message and changes nothing', async () => {
    const { headers } = await signIn(ctx);
    const before = await profileOf(headers);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ timeZone: '+01:00' }, 'timeZone', SCHEDULE_MESSAGES.timeZoneInvalid],
      [
        { workingHours: { ...DEFAULT_WORKING_HOURS, monday: { start: '17:00', end: '09:00' } } },
        'workingHours.monday',
        SCHEDULE_MESSAGES.workingHoursInvalid,
      ],
      [{ reminderMinutes: 10_081 }, 'reminderMinutes', SCHEDULE_MESSAGES.reminderInvalid],
      [{ calendarFullNames: 'yes' }, 'calendarFullNames', SCHEDULE_MESSAGES.fullNamesInvalid],
      [{ calendarFeedHash: 'x' }, 'calendarFeedHash', 'This field is not allowed.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await sendSchedule(headers, payload);
      expect(response.statusCode, field).toBe(400);
      expect((response.json() as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(
        message,
      );
    }
    expect(await profileOf(headers)).toEqual(before);
  });
});
