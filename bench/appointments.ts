// Appointments at scale: 100,000 appointments of one practitioner (and as many of
// another), one in twenty an open request from online booking. Prints EXPLAIN (ANALYZE, BUFFERS)
// execution times, median of 5, of the repository's own agenda SQL for one week, of the open
// requests' page and count, and of an online booking's checks (target ≤ 5 ms each), then booking throughput over HTTP and what 50
// concurrent bookings of one time slot get (target: exactly one 201, the rest 409
// APPOINTMENT_CONFLICT). The API is built in-process from the sources and listens on 127.0.0.1.
//   npm run appointments -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import {
  countAppointments,
  countRequests,
  expireRequests,
  findLiveBetween,
  listAppointments,
  listRequests,
} from '../apps/api/src/modules/appointments/appointments.repository.ts';
import { countOpenRequests } from '../apps/api/src/modules/directory/booking.repository.ts';
import { insertBenchPatients } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { withInProcessApi } from './lib/in-process-api.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PER_OWNER = Number(process.env.BENCH_APPOINTMENTS ?? 100_000);
const PATIENTS = 1_000;
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 400);
const CONCURRENCY = 8;
const RACERS = 50;
/** Sixteen half-hour appointments a day, 09:00–17:00 UTC, every day from this Monday on. */
const FIRST_DAY = '2020-01-06';

/**
 * One in twenty appointments still to come is an open request from online booking (its deadline
 * 2 hours before it); the first practitioner's first three are `bookerId`'s, who so has the most
 * open requests allowed.
 */
async function seed(pool: pg.Pool, ownerIds: string[], bookerId: string) {
  for (const ownerId of ownerIds) {
    await insertBenchPatients(pool, ownerId, PATIENTS);
    await pool.query(
      `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, reason, status,
         request_expires_at)
       select $1::uuid, p.ids[1 + g % $3::int], t.starts_at, t.starts_at + interval '30 minutes',
         (array['in-person', 'video', 'phone'])[1 + g % 3], 'Review',
         case when r.is_request then 'requested'
           else (array['booked', 'fulfilled', 'fulfilled', 'cancelled', 'no-show'])[1 + g % 5] end,
         case when r.is_request then t.starts_at - interval '2 hours' end
       from generate_series(0, $2::int - 1) g,
         lateral (select $4::date + (g / 16) * interval '1 day' + interval '9 hours'
           + (g % 16) * interval '30 minutes' as starts_at) t,
         lateral (select g % 20 = 0 and t.starts_at > now() + interval '3 hours' as is_request) r,
         (select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`,
      [ownerId, PER_OWNER, PATIENTS, FIRST_DAY],
    );
  }
  await pool.query(
    `update appointments set booked_by = $2 where id in (select id from appointments
       where owner_id = $1 and status = 'requested' order by starts_at limit 3)`,
    [ownerIds[0], bookerId],
  );
  await pool.query('vacuum analyze appointments');
  await pool.query('vacuum analyze patients');
}

export async function benchAppointments() {
  console.log(`Appointments bench: ${PER_OWNER} appointments for each of two practitioners`);
  return withInProcessApi('appointments', async ({ app, database, identity }) => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const signIn = async (email: string) => {
      const { idToken } = await identity.issueIdToken({ email, name: 'Bench Doctor' });
      const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
      });
      const { user } = (await response.json()) as { user: { _id: string } };
      return { headers, id: user._id };
    };
    const owner = await signIn('agenda@example.test');
    const other = await signIn('other@example.test');
    const booker = await signIn('booker@example.test');
    const seedStarted = performance.now();
    await seed(database.pool, [owner.id, other.id], booker.id);
    const seedMs = Math.round(performance.now() - seedStarted);

    // A week in the middle of the seeded years.
    const from = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + 7 * 300 * 86_400_000);
    const to = new Date(from.getTime() + 7 * 86_400_000);
    const range = { ownerId: owner.id, from, to };
    const weekPageMs = await explainMedian(database.pool, () =>
      listAppointments(database.db, {
        ...range,
        after: null,
        limit: 201,
        // The page's statement writes its audit row too, as the route's does.
        actor: { actorId: owner.id, requestId: 'bench' },
      }),
    );
    const weekCountMs = await explainMedian(database.pool, () =>
      countAppointments(database.db, range),
    );
    // The practitioner's open requests: the first page (default 50) and its count.
    const requestsPageMs = await explainMedian(database.pool, () =>
      listRequests(database.db, { ownerId: owner.id, after: null, limit: 51 }),
    );
    const requestsCountMs = await explainMedian(database.pool, () =>
      countRequests(database.db, owner.id),
    );
    // An online booking's checks of one half-hour slot in the middle of the agenda: the
    // booker's open requests, the practitioner's requests past their deadline (none here), and
    // the live appointments overlapping the slot.
    const slot = new Date(from.getTime() + 2 * 86_400_000 + 11 * 3_600_000);
    const bookerRequestsMs = await explainMedian(database.pool, () =>
      countOpenRequests(database.db, booker.id),
    );
    const expiryMs = await explainMedian(database.pool, () =>
      expireRequests(database.db, { now: new Date(Date.UTC(2019, 0, 1)), ownerId: owner.id }),
    );
    const slotCheckMs = await explainMedian(database.pool, () =>
      findLiveBetween(database.db, {
        ownerId: owner.id,
        from: slot,
        to: new Date(slot.getTime() + 30 * 60_000),
      }),
    );

    // Booking throughput: distinct free times (2040 onwards), CONCURRENCY requests in flight.
    const patient = (
      await database.pool.query<{ id: string }>(
        'select id from patients where owner_id = $1 limit 1',
        [owner.id],
      )
    ).rows[0]!.id;
    const book = (start: Date) =>
      fetch(`${url}/api/appointments`, {
        method: 'POST',
        headers: owner.headers,
        body: JSON.stringify({
          patientId: patient,
          start: start.toISOString(),
          duration: 15,
          kind: 'video',
        }),
      });
    let next = 0;
    let created = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < BOOKINGS) {
          const index = next++;
          const response = await book(new Date(Date.UTC(2040, 0, 1) + index * 15 * 60_000));
          await response.arrayBuffer();
          if (response.status === 201) created += 1;
        }
      }),
    );
    const bookingSeconds = (performance.now() - started) / 1000;

    // The same slot, RACERS requests at once.
    const raceStarted = performance.now();
    const race = await Promise.all(
      Array.from({ length: RACERS }, async (_, index) => {
        const response = await book(new Date(Date.UTC(2041, 0, 1, 9, index % 10)));
        const body = (await response.json()) as { code?: string };
        return { status: response.status, code: body.code };
      }),
    );
    const raceMs = Math.round(performance.now() - raceStarted);

    const result = {
      appointmentsPerPractitioner: PER_OWNER,
      seedMs,
      weekAgendaPageMs: weekPageMs,
      weekAgendaCountMs: weekCountMs,
      requestsPageMs,
      requestsCountMs,
      bookingChecksMs: {
        bookerOpenRequests: bookerRequestsMs,
        expiredRequests: expiryMs,
        liveInSlot: slotCheckMs,
      },
      bookings: {
        requested: BOOKINGS,
        created,
        perSecond: Math.round(created / bookingSeconds),
        concurrency: CONCURRENCY,
      },
      concurrentSameSlot: {
        requests: RACERS,
        created: race.filter((r) => r.status === 201).length,
        conflicts: race.filter((r) => r.status === 409 && r.code === 'APPOINTMENT_CONFLICT').length,
        other: race.filter((r) => r.status !== 201 && r.status !== 409).length,
        ms: raceMs,
      },
    };
    printTable('Week agenda at the database (EXPLAIN ANALYZE, median of 5; target ≤ 5 ms)', [
      { query: 'week page (limit 201)', ms: weekPageMs.toFixed(2) },
      { query: 'week count (X-Total-Count)', ms: weekCountMs.toFixed(2) },
      { query: 'open requests page (limit 51)', ms: requestsPageMs.toFixed(2) },
      { query: 'open requests count (X-Total-Count)', ms: requestsCountMs.toFixed(2) },
      { query: "booking: the booker's open requests", ms: bookerRequestsMs.toFixed(2) },
      { query: 'booking: requests past their deadline', ms: expiryMs.toFixed(2) },
      { query: 'booking: live appointments in the slot', ms: slotCheckMs.toFixed(2) },
    ]);
    printTable('Booking over HTTP', [
      { measure: `bookings/s (${CONCURRENCY} in flight)`, value: result.bookings.perSecond },
      { measure: `${RACERS} at once for one slot: 201`, value: result.concurrentSameSlot.created },
      {
        measure: `${RACERS} at once for one slot: 409 APPOINTMENT_CONFLICT`,
        value: result.concurrentSameSlot.conflicts,
      },
      {
        measure: `${RACERS} at once for one slot: anything else`,
        value: result.concurrentSameSlot.other,
      },
    ]);
    writeResult('appointments', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchAppointments();
