import { eq, inArray } from 'drizzle-orm';
import type { TDirectoryDoctor, TDirectorySlots } from '@portal/shared/directory-public';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { appointments } from '../schema/appointments.ts';
import { users } from '../schema/users.ts';
import { DEMO_EMAIL_DOMAIN, demoDirectory } from './demo-directory.ts';
import { countDemoPractitioners, removeDemo, seedDemo } from './demo-seed.ts';

const ctx = useTestApp();
const TODAY = '2026-03-02';

describe('the demo directory', () => {
  it('is the same for the same day: names, places, listings and appointment times', () => {
    expect(demoDirectory(TODAY)).toEqual(demoDirectory(TODAY));
    const { practitioners, facilities } = demoDirectory(TODAY);
    expect(practitioners).toHaveLength(200);
    expect(new Set(practitioners.map(({ practiceCity }) => practiceCity)).size).toBe(10);
    expect(facilities).toHaveLength(30);
    expect(facilities.filter(({ kind }) => kind === 'pharmacy')).toHaveLength(10);
    for (const facility of facilities) expect(facility.name).toMatch(/\(demo\)$/);
    for (const practitioner of practitioners) {
      expect(practitioner.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(practitioner.listing.bio).toMatch(/^Demo profile/);
    }
  });

  it('is public once seeded, its booked times missing from the slots; removed, it leaves everything else as it was', async () => {
    const someone = await signIn(ctx, { name: 'Not Demo' });
    // Laid out from today, as `npm run seed:demo` does: the slots route answers from the real clock.
    const now = new Date();
    expect(await seedDemo(ctx.database.db, now)).toEqual({
      practitioners: 200,
      facilities: 30,
      patients: 600,
      appointments: 1200,
    });
    expect(await countDemoPractitioners(ctx.database.db)).toBe(200);

    const summary = await ctx.app.inject({ url: '/api/directory/summary' });
    expect(summary.json()).toEqual({ doctors: 200, hospitals: 10, clinics: 10, pharmacies: 10 });
    const doctors = await ctx.app.inject({ url: '/api/directory/doctors?limit=50' });
    expect(doctors.statusCode).toBe(200);
    expect(doctors.headers['x-total-count']).toBe('200');
    const pharmacies = await ctx.app.inject({
      url: '/api/directory/facilities?kind=pharmacy&limit=50',
    });
    expect(pharmacies.headers['x-total-count']).toBe('10');

    // A practitioner's booked appointments are not among their free slots.
    const doctor = doctors
      .json<TDirectoryDoctor[]>()
      .find(({ onlineBooking }) => onlineBooking !== 'off');
    const [account] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.name, doctor!.name));
    const booked = await ctx.database.db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.ownerId, account!.id));
    expect(booked.length).toBeGreaterThan(0);
    const days = Math.ceil(
      (Math.max(...booked.map(({ startsAt }) => startsAt.getTime())) - now.getTime()) / 86_400_000,
    );
    const freeStarts = new Set<number>();
    for (let from = 0; from <= days; from += 14) {
      const day = (offset: number) =>
        new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const slots = await ctx.app.inject({
        url: `/api/directory/doctors/${doctor!.publicId}/slots?from=${day(from)}&to=${day(from + 13)}`,
      });
      for (const { slots: daySlots } of slots.json<TDirectorySlots>().days)
        for (const slot of daySlots) freeStarts.add(Date.parse(slot.start));
    }
    expect(freeStarts.size).toBeGreaterThan(0);
    for (const { startsAt } of booked) expect(freeStarts.has(startsAt.getTime())).toBe(false);

    expect(await removeDemo(ctx.database.db)).toBe(200);
    expect(await countDemoPractitioners(ctx.database.db)).toBe(0);
    const left = await ctx.app.inject({ url: '/api/directory/doctors' });
    expect(left.headers['x-total-count']).toBe('0');
    expect((await ctx.app.inject({ url: '/api/directory/summary' })).json()).toEqual({
      doctors: 0,
      hospitals: 0,
      clinics: 0,
      pharmacies: 0,
    });
    const remaining = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [someone.user._id]));
    expect(remaining).toHaveLength(1);
    const orphans = await ctx.database.db.select({ id: appointments.id }).from(appointments);
    expect(orphans).toHaveLength(0);
  });
});
