// The calendar feed at scale: one practitioner with 1,000 patients (100 of them in the trash) and
// 20,000 appointments, 16 a day, from 900 days ago on (so the feed's window, 90 days back and
// everything ahead, holds more than its 5,000-event cap). Prints EXPLAIN (ANALYZE, BUFFERS)
// execution time, median of 5, of the repository's feed SQL, then the wall time of one feed read
// over HTTP (median of 25 sequential reads, under the per-feed limit of 30 a minute) and its size.
// The API is built in-process from the sources and listens on 127.0.0.1.
//   npm run calendar -w bench
import { findFeedEvents } from '../apps/api/src/modules/calendar/calendar.repository.ts';
import { insertBenchPatients } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { withInProcessApi } from './lib/in-process-api.ts';
import { median } from './lib/median.ts';
import { printTable, writeResult } from './lib/portal.ts';

const APPOINTMENTS = Number(process.env.BENCH_FEED_APPOINTMENTS ?? 20_000);
const PATIENTS = 1_000;
const TRASHED = 100;
const READS = 25;
const DAY_MS = 86_400_000;

export async function benchCalendar() {
  console.log(
    `Calendar feed bench: ${APPOINTMENTS} appointments, ${TRASHED} of ${PATIENTS} patients trashed`,
  );
  return withInProcessApi('calendar', async ({ app, database, identity }) => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const { idToken } = await identity.issueIdToken({ email: 'feed@example.test', name: 'Bench' });
    const headers = { authorization: `Bearer ${idToken}` };
    const { user } = (await (
      await fetch(`${url}/api/auth/login`, { method: 'POST', headers })
    ).json()) as { user: { _id: string } };
    const ownerId = user._id;

    await insertBenchPatients(database.pool, ownerId, PATIENTS);
    const firstDay = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 900 * DAY_MS);
    await database.pool.query(
      `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, reason, status)
       select $1::uuid, p.ids[1 + g % $3::int],
         $4::timestamptz + (g / 16) * interval '1 day' + interval '9 hours' + (g % 16) * interval '30 minutes',
         $4::timestamptz + (g / 16) * interval '1 day' + interval '9 hours' + (g % 16 + 1) * interval '30 minutes',
         (array['in-person', 'video', 'phone'])[1 + g % 3], 'Review', 'booked'
       from generate_series(0, $2::int - 1) g,
         (select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`,
      [ownerId, APPOINTMENTS, PATIENTS, firstDay.toISOString()],
    );
    await database.pool.query(
      `update patients set deleted_at = now()
       where id in (select id from patients where owner_id = $1 order by id limit $2)`,
      [ownerId, TRASHED],
    );
    await database.pool.query('vacuum analyze appointments');
    await database.pool.query('vacuum analyze patients');

    const now = new Date();
    const events = await findFeedEvents(database.db, { ownerId, now });
    const feedQueryMs = await explainMedian(database.pool, () =>
      findFeedEvents(database.db, { ownerId, now }),
    );

    const created = await fetch(`${url}/api/calendar-feed`, { method: 'POST', headers });
    const feedUrl = ((await created.json()) as { url: string }).url.replace(
      /^https?:\/\/[^/]+/,
      url,
    );
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < READS; i += 1) {
      const started = performance.now();
      const response = await fetch(feedUrl);
      const body = await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`feed read answered ${response.status}`);
      bytes = Buffer.byteLength(body);
    }

    const result = {
      appointments: APPOINTMENTS,
      patients: PATIENTS,
      trashedPatients: TRASHED,
      feedEvents: events.length,
      feedQueryMs,
      feedReadMs: Math.round(median(times) * 10) / 10,
      feedBytes: bytes,
    };
    printTable('Calendar feed', [result]);
    writeResult('calendar', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchCalendar();
