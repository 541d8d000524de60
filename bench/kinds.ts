// Every patient-owned kind of the registry at scale: 100,000 items of one practitioner (1,000
// per patient, 100 patients), each a copy of the kind's example body, and as many of another.
// Prints EXPLAIN (ANALYZE, BUFFERS) execution times, median of 5, of the list the routes run: a
// page of 51 of one patient's items, newest first, and its count (`X-Total-Count`). A kind added
// to the registry is measured here without a line of its own.
//   npm run kinds -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import type { ApiPatientKind } from '../apps/api/src/kinds/kind.ts';
import { API_KINDS } from '../apps/api/src/kinds/registry.ts';
import { insertBenchOwners, insertBenchPatients, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PER_OWNER = Number(process.env.BENCH_KIND_ROWS ?? 100_000);
const PATIENTS = 100;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `PER_OWNER` copies of the kind's example, spread over the owner's patients, a minute apart:
 * the example's fields become the row's columns through `json_populate_record`, so the insert
 * is the same for every kind (jsonb columns included).
 */
async function seed(pool: pg.Pool, kind: ApiPatientKind, ownerId: string) {
  const example = Object.fromEntries(
    Object.entries(kind.example.body()).map(([field, value]) => [snakeCase(field), value]),
  );
  const columns = Object.keys(example).map(quoted).join(', ');
  const table = quoted(kind.table);
  await pool.query(
    `insert into ${table} (owner_id, patient_id, created_at, updated_at, ${columns})
     select $1::uuid, p.ids[1 + g % $3::int], now() - g * interval '1 minute',
       now() - g * interval '1 minute', ${Object.keys(example)
         .map((column) => `r.${quoted(column)}`)
         .join(', ')}
     from generate_series(0, $2::int - 1) g,
       (select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p,
       json_populate_record(null::${table}, $4::json) r`,
    [ownerId, PER_OWNER, PATIENTS, JSON.stringify(example)],
  );
}

export async function benchKinds() {
  console.log(
    `Kinds bench: ${PER_OWNER} items of each kind (${API_KINDS.map((k) => k.table).join(', ')}) for each of two practitioners`,
  );
  return withBenchDatabase(async (database) => {
    const owners = await insertBenchOwners(database.pool, 'kinds');
    for (const ownerId of owners) await insertBenchPatients(database.pool, ownerId, PATIENTS);
    const rows: Record<string, string>[] = [];
    const result: Record<string, unknown> = { rowsPerPractitioner: PER_OWNER };
    for (const kind of API_KINDS) {
      const started = performance.now();
      for (const ownerId of owners) await seed(database.pool, kind, ownerId);
      await database.pool.query(`vacuum analyze ${quoted(kind.table)}`);
      const seedMs = Math.round(performance.now() - started);
      const ownerId = owners[0]!;
      const { rows: patients } = await database.pool.query<{ id: string }>(
        'select id from patients where owner_id = $1 order by id limit 1',
        [ownerId],
      );
      const scope = { ownerId, patientId: patients[0]!.id };
      const pageMs = await explainMedian(database.pool, () =>
        kind.lists.page(database.db, { ...scope, after: null, limit: 51 }),
      );
      const countMs = await explainMedian(database.pool, () =>
        kind.lists.count(database.db, scope),
      );
      result[kind.table] = { seedMs, pageMs, countMs };
      rows.push({
        kind: kind.shared.segment,
        'page of 51 (ms)': pageMs.toFixed(2),
        'count of 1,000 (ms)': countMs.toFixed(2),
      });
    }
    printTable(
      "One patient's items of each kind at the database (EXPLAIN ANALYZE, median of 5)",
      rows,
    );
    writeResult('kinds', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchKinds();
