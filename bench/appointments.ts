// Appointments at scale: 100,000 appointments of one practitioner (and as many of
// another). Prints EXPLAIN (ANALYZE, BUFFERS) execution times, median of 5, of the repository's
// own agenda SQL for one week (target ≤ 5 ms), then booking throughput over HTTP and what 50
// concurrent bookings of one time slot get (target: exactly one 201, the rest 409
// APPOINTMENT_CONFLICT). The API is built in-process from the sources and listens on 127.0.0.1.
//   npm run appointments -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import {
  countAppointments,
  listAppointments,
} from '../apps/api/src/modules/appointments/appointments.repository.ts';
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

async function seed(pool: pg.Pool, ownerIds: string[]) {
  for (const ownerId of ownerIds) {
    await insertBenchPatients(pool, ownerId, PATIENTS);
    await pool.query(
      `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, reason, status)
       select $1::uuid, p.ids[1 + g % $3::int],
         $4::date + (g / 16) * interval '1 day' + interval '9 hours' + (g % 16) * interval '30 minutes',
         $4::date + (g / 16) * interval '1 day' + interval '9 hours' + (g % 16 + 1) * interval '30 minutes',
         (array['in-person', 'video', 'phone'])[1 + g % 3], 'Review',
         (array['booked', 'fulfilled', 'fulfilled', 'cancelled', 'no-show'])[1 + g % 5]
       from generate_series(0, $2::int - 1) g,
         (select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`,
      [ownerId, PER_OWNER, PATIENTS, FIRST_DAY],
    );
  }
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
    const seedStarted = performance.now();
    await seed(database.pool, [owner.id, other.id]);
    const seedMs = Math.round(performance.now() - seedStarted);

    // A week in the middle of the seeded years.
    const from = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + 7 * 300 * 86_400_000);
    const to = new Date(from.getTime() + 7 * 86_400_000);
    const range = { ownerId: owner.id, from, to };
    const weekPageMs = await explainMedian(database.pool, () =>
      listAppointments(database.db, { ...range, after: null, limit: 201 }),
    );
    const weekCountMs = await explainMedian(database.pool, () =>
      countAppointments(database.db, range),
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
