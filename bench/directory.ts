// The public directory at scale: BENCH_DIRECTORY approved, listed practitioners (10,000 by
// default) in 10 cities and as many approved facilities. Prints the latency of the directory's
// searches through the API (app.inject, in-process: routing, validation, both queries of a page
// and serialization; no network), p50 and p99 of BENCH_DIRECTORY_REQUESTS requests per query
// (target ≤ 50 ms p99), and EXPLAIN (ANALYZE, BUFFERS) of each search's SQL, median of 5.
//   npm run directory -w bench
//   BENCH_DIRECTORY=100000 npm run directory -w bench
import type pg from 'pg';
import { SPECIALTY_CODES } from '../packages/shared/src/specialties.ts';
import {
  countDoctors,
  countFacilities,
  findDoctors,
  findFacilities,
  type DoctorFilters,
  type FacilityFilters,
} from '../apps/api/src/modules/directory/directory.repository.ts';
import { explainMedian } from './lib/explain.ts';
import { withInProcessApi } from './lib/in-process-api.ts';
import { median } from './lib/median.ts';
import { printTable, writeResult } from './lib/portal.ts';

const ROWS = Number(process.env.BENCH_DIRECTORY ?? 10_000);
const REQUESTS = Number(process.env.BENCH_DIRECTORY_REQUESTS ?? 200);
const PAGE = 20;

const CITIES = [
  'Lisboa',
  'Porto',
  'Berlin',
  'Paris',
  'Cairo',
  'Dubai',
  'Shanghai',
  'London',
  'Madrid',
  'Rome',
];
const FIRST = [
  'Ana',
  'Omar',
  'Li',
  'Sofia',
  'Jonas',
  'Amira',
  'Wei',
  'Marta',
  'Youssef',
  'Chloé',
  'Karim',
  'Inês',
];
const LAST = [
  'Silva',
  'Haddad',
  'Wang',
  'Müller',
  'Dubois',
  'Saleh',
  'Chen',
  'Costa',
  'Nasser',
  'Martin',
  'Rossi',
  'Khan',
];
const LANGUAGES = ['en', 'de', 'fr', 'ar', 'zh-CN', 'es', 'pt', 'it'];

/** Practitioners with their practice's city, an approved listing each, and approved facilities. */
async function seed(pool: pg.Pool) {
  await pool.query(
    `insert into users (uid, email, name, practice_city, practice_country)
     select 'bench-directory:' || g, 'directory' || g || '@example.test',
       'Dr. ' || ($2::text[])[1 + g % 12] || ' ' || ($3::text[])[1 + (g / 12) % 12] || ' ' || g,
       ($4::text[])[1 + g % 10], 'PT'
     from generate_series(1, $1::int) g`,
    [ROWS, FIRST, LAST, CITIES],
  );
  await pool.query(
    `insert into facilities (owner_id, kind, name, address, city, country, review_status)
     select u.id, (array['clinic', 'hospital', 'pharmacy'])[1 + g % 3],
       (array['Clínica', 'Hospital', 'Farmácia'])[1 + g % 3] || ' ' || ($1::text[])[1 + g % 12] || ' ' || g,
       g || ' Avenida Central', ($2::text[])[1 + g % 10], 'PT', 'approved'
     from (select id, row_number() over (order by id) as g from users where uid like 'bench-directory:%') u`,
    [LAST, CITIES],
  );
  await pool.query(
    `insert into directory_listings (user_id, listed, facility_id, specialties, languages, bio, visit_kinds, online_booking, review_status)
     select u.id, true, case when u.g % 3 = 0 then f.id end,
       array[($1::text[])[1 + u.g % $3::int], ($1::text[])[1 + (u.g / 7) % $3::int]],
       array[($2::text[])[1 + u.g % 8], 'en'], 'General and specialist care.',
       case u.g % 3 when 0 then array['in-person'] when 1 then array['in-person', 'video'] else array['phone', 'video'] end,
       'instant', 'approved'
     from (select id, row_number() over (order by id) as g from users where uid like 'bench-directory:%') u
     left join facilities f on f.owner_id = u.id`,
    [SPECIALTY_CODES, LANGUAGES, SPECIALTY_CODES.length],
  );
  for (const table of ['users', 'facilities', 'directory_listings'])
    await pool.query(`vacuum analyze ${table}`);
}

/** What a visitor searches, as the URL and as the repository's filters. */
const DOCTOR_QUERIES: { label: string; query: string; filters: DoctorFilters }[] = [
  { label: 'first page, no filter', query: '', filters: {} },
  {
    label: 'name fragment "haddad"',
    query: 'q=haddad',
    filters: { name: { pattern: '%haddad%', specialtyCodes: [] } },
  },
  {
    label: 'specialty by name "kardio" in Porto',
    query: 'q=kardio&city=Porto',
    filters: { name: { pattern: '%kardio%', specialtyCodes: ['394579002'] }, city: 'Porto' },
  },
  {
    label: 'Arabic speakers, video, in Cairo',
    query: 'language=ar&kind=video&city=Cairo',
    filters: { language: 'ar', kind: 'video', city: 'Cairo' },
  },
  {
    label: 'specialty code, rare name "zzqx"',
    query: 'specialty=394591006&q=zzqx',
    filters: { specialty: '394591006', name: { pattern: '%zzqx%', specialtyCodes: [] } },
  },
];
const FACILITY_QUERIES: { label: string; query: string; filters: FacilityFilters }[] = [
  { label: 'facilities, first page', query: '', filters: {} },
  {
    label: 'facilities "hospital" in Lisboa',
    query: 'q=hospital&city=Lisboa',
    filters: { namePattern: '%hospital%', city: 'Lisboa' },
  },
  {
    label: 'pharmacies "silva"',
    query: 'q=silva&kind=pharmacy',
    filters: { namePattern: '%silva%', kind: 'pharmacy' },
  },
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function benchDirectory() {
  console.log(`Directory bench: ${ROWS} approved practitioners and ${ROWS} approved facilities`);
  return withInProcessApi('directory', async ({ app, database }) => {
    const seedStarted = performance.now();
    await seed(database.pool);
    const seedMs = Math.round(performance.now() - seedStarted);
    let address = 0;
    const get = async (url: string) => {
      // Spread over addresses: the per-address limit is not what is measured here.
      address += 1;
      const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
      const started = performance.now();
      const response = await app.inject({ url, remoteAddress });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      return { ms, total: Number(response.headers['x-total-count']) };
    };
    const rows: { label: string; total: number; p50: number; p99: number; explainMs: number }[] =
      [];
    const measure = async (path: string, query: string, label: string, explainMs: number) => {
      const url = `${path}?${query}${query ? '&' : ''}limit=${PAGE}`;
      for (let i = 0; i < 20; i += 1) await get(url);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < REQUESTS; i += 1) {
        const answer = await get(url);
        times.push(answer.ms);
        total = answer.total;
      }
      rows.push({ label, total, p50: median(times), p99: percentile(times, 99), explainMs });
    };
    const { db, pool } = database;
    for (const { label, query, filters } of DOCTOR_QUERIES) {
      const explainMs = await explainMedian(pool, async () => {
        await findDoctors(db, { filters, after: null, limit: PAGE + 1 });
        await countDoctors(db, filters);
      });
      await measure('/api/directory/doctors', query, label, explainMs);
    }
    for (const { label, query, filters } of FACILITY_QUERIES) {
      const explainMs = await explainMedian(pool, async () => {
        await findFacilities(db, { filters, after: null, limit: PAGE + 1 });
        await countFacilities(db, filters);
      });
      await measure('/api/directory/facilities', query, label, explainMs);
    }
    printTable(
      `Directory search through the API, ${ROWS} practitioners and ${ROWS} facilities, ${REQUESTS} requests each (ms; target ≤ 50 ms p99)`,
      rows.map((row) => ({
        search: row.label,
        matches: row.total,
        p50: row.p50.toFixed(2),
        p99: row.p99.toFixed(2),
        'page + count in PostgreSQL (EXPLAIN ANALYZE, median of 5)': row.explainMs.toFixed(2),
      })),
    );
    const result = { rows: ROWS, requests: REQUESTS, seedMs, searches: rows };
    writeResult('directory', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchDirectory();
