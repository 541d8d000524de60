// Correction requests at scale: 100,000 of one practitioner (1,000 per patient, 100 patients),
// at most 20 of each patient's open as the API allows, the rest accepted or declined, and as
// many of another practitioner. Prints EXPLAIN (ANALYZE, BUFFERS) execution times, median of 5,
// of the two lists the routes run (the linked person's, newest first; the practitioner's, open
// ones first) and of the count of open requests every new request makes.
//   npm run corrections -w bench
import {
  countOpen,
  listCorrections,
} from '../apps/api/src/modules/corrections/corrections.repository.ts';
import { CORRECTION_LIST_MAX } from '../apps/api/src/modules/corrections/corrections.service.ts';
import { insertBenchOwners, insertBenchPatients, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PER_OWNER = Number(process.env.BENCH_CORRECTION_ROWS ?? 100_000);
const PATIENTS = 100;

export async function benchCorrections() {
  console.log(`Corrections bench: ${PER_OWNER} requests for each of two practitioners`);
  return withBenchDatabase(async (database) => {
    const { pool, db } = database;
    const owners = await insertBenchOwners(pool, 'corrections');
    const started = performance.now();
    for (const ownerId of owners) {
      await insertBenchPatients(pool, ownerId, PATIENTS);
      // One request a minute, round the patients; every 50th of a patient's still open.
      await pool.query(
        `insert into patient_corrections
           (owner_id, patient_id, requested_by, about_kind, text, status, answer, requested_at,
            answered_at, answered_by)
         select $1::uuid, p.ids[1 + g % $3::int], $1::uuid, 'patient', 'Please correct my details.',
           s.status, case when s.status = 'requested' then '' else 'Answered.' end,
           now() - g * interval '1 minute',
           case when s.status = 'requested' then null else now() - g * interval '1 minute' + interval '1 hour' end,
           case when s.status = 'requested' then null else $1::uuid end
         from generate_series(0, $2::int - 1) g,
           (select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p,
           lateral (select case when (g / $3::int) % 50 = 0 then 'requested'
                                when g % 2 = 0 then 'accepted' else 'declined' end as status) s`,
        [ownerId, PER_OWNER, PATIENTS],
      );
    }
    await pool.query('vacuum analyze patient_corrections');
    const seedMs = Math.round(performance.now() - started);
    const ownerId = owners[0]!;
    const { rows: patients } = await pool.query<{ id: string; n: number; open: number }>(
      `select p.id, count(c.*)::int as n, count(c.*) filter (where c.status = 'requested')::int as open
         from patients p join patient_corrections c on c.patient_id = p.id
        where p.owner_id = $1 group by p.id order by p.id limit 1`,
      [ownerId],
    );
    const { id: patientId, n, open } = patients[0]!;
    const scope = { ownerId, patientId };
    const patientListMs = await explainMedian(pool, () =>
      listCorrections(db, { ...scope, limit: CORRECTION_LIST_MAX }),
    );
    const practitionerListMs = await explainMedian(pool, () =>
      listCorrections(db, { ...scope, limit: CORRECTION_LIST_MAX, isOpenFirst: true }),
    );
    const countOpenMs = await explainMedian(pool, () => countOpen(db, scope));
    const result = {
      rowsPerPractitioner: PER_OWNER,
      seedMs,
      patientRows: n,
      open,
      patientListMs,
      practitionerListMs,
      countOpenMs,
    };
    printTable(
      `One patient's correction requests (${n}, ${open} open) at the database (EXPLAIN ANALYZE, median of 5)`,
      [
        { query: 'linked person’s list, newest first, 500', ms: patientListMs.toFixed(2) },
        { query: 'practitioner’s list, open first, 500', ms: practitionerListMs.toFixed(2) },
        { query: 'count of open requests (the limit)', ms: countOpenMs.toFixed(2) },
      ],
    );
    writeResult('corrections', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchCorrections();
