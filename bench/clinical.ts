// Allergies and prescriptions at scale: 100,000 prescriptions and 100,000 allergies of one
// practitioner (1,000 of each per patient, 100 patients), and as many of another. Prints
// EXPLAIN (ANALYZE, BUFFERS) execution times, median of 5, of the repository's own SQL: a page
// of one patient's prescriptions (all, and the active ones), its count, a page of allergies,
// and the medication suggestions for a one-letter, a longer and an empty query.
//   npm run clinical -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import { allergyStore } from '../apps/api/src/modules/clinical/allergies.service.ts';
import { prescriptionStore } from '../apps/api/src/modules/clinical/prescriptions.fields.ts';
import { suggestMedications } from '../apps/api/src/modules/clinical/prescriptions.repository.ts';
import { insertBenchOwners, insertBenchPatients, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PER_OWNER = Number(process.env.BENCH_PRESCRIPTIONS ?? 100_000);
const PATIENTS = 100;
/** 40 names × 10 strengths: 400 distinct medication names per practitioner. */
const NAMES = [
  'Amoxicillin',
  'Amlodipine',
  'Atorvastatin',
  'Azithromycin',
  'Bisoprolol',
  'Cetirizine',
  'Ciprofloxacin',
  'Citalopram',
  'Clopidogrel',
  'Codeine',
  'Diclofenac',
  'Doxycycline',
  'Enalapril',
  'Escitalopram',
  'Fluoxetine',
  'Furosemide',
  'Gabapentin',
  'Ibuprofen',
  'Insulin glargine',
  'Lansoprazole',
  'Levothyroxine',
  'Lisinopril',
  'Loratadine',
  'Losartan',
  'Metformin',
  'Metoprolol',
  'Morphine',
  'Naproxen',
  'Omeprazole',
  'Paracetamol',
  'Penicillin V',
  'Prednisolone',
  'Ramipril',
  'Salbutamol',
  'Sertraline',
  'Simvastatin',
  'Tramadol',
  'Warfarin',
  'Zolpidem',
  'Zopiclone',
];

async function seed(pool: pg.Pool, ownerId: string) {
  await insertBenchPatients(pool, ownerId, PATIENTS);
  const patients = `(select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`;
  await pool.query(
    `insert into prescriptions (owner_id, patient_id, medication, strength, dose, route, frequency, status, created_at, updated_at)
     select $1::uuid, p.ids[1 + g % $3::int], ($4::text[])[1 + g % 40] || ' ' || (g / 40 % 10),
       '10 mg', '1 tablet', 'oral', 'daily',
       (array['active', 'completed', 'completed', 'stopped'])[1 + g % 4],
       now() - g * interval '1 minute', now() - g * interval '1 minute'
     from generate_series(0, $2::int - 1) g, ${patients}`,
    [ownerId, PER_OWNER, PATIENTS, NAMES],
  );
  await pool.query(
    `insert into allergies (owner_id, patient_id, substance, severity, status, created_at, updated_at)
     select $1::uuid, p.ids[1 + g % $3::int], ($4::text[])[1 + g % 40],
       (array['mild', 'moderate', 'severe'])[1 + g % 3], (array['active', 'resolved'])[1 + g % 2],
       now() - g * interval '1 minute', now() - g * interval '1 minute'
     from generate_series(0, $2::int - 1) g, ${patients}`,
    [ownerId, PER_OWNER, PATIENTS, NAMES],
  );
}

export async function benchClinical() {
  console.log(
    `Clinical bench: ${PER_OWNER} prescriptions and ${PER_OWNER} allergies for each of two practitioners`,
  );
  return withBenchDatabase(async (database) => {
    const owners = await insertBenchOwners(database.pool, 'clinical');
    const seedStarted = performance.now();
    for (const ownerId of owners) await seed(database.pool, ownerId);
    for (const table of ['patients', 'prescriptions', 'allergies'])
      await database.pool.query(`vacuum analyze ${table}`);
    const seedMs = Math.round(performance.now() - seedStarted);

    const ownerId = owners[0]!;
    const { rows } = await database.pool.query<{ id: string }>(
      'select id from patients where owner_id = $1 order by id limit 1',
      [ownerId],
    );
    const scope = { ownerId, patientId: rows[0]!.id };
    const page = { ...scope, after: null, limit: 51 };
    const figures = {
      prescriptionsPageMs: await explainMedian(database.pool, () =>
        prescriptionStore.list(database.db, page),
      ),
      activePrescriptionsPageMs: await explainMedian(database.pool, () =>
        prescriptionStore.list(database.db, { ...page, status: 'active' }),
      ),
      prescriptionsCountMs: await explainMedian(database.pool, () =>
        prescriptionStore.count(database.db, scope),
      ),
      allergiesPageMs: await explainMedian(database.pool, () =>
        allergyStore.list(database.db, page),
      ),
      suggestOneLetterMs: await explainMedian(database.pool, () =>
        suggestMedications(database.db, { ownerId, query: 'a' }),
      ),
      suggestPrefixMs: await explainMedian(database.pool, () =>
        suggestMedications(database.db, { ownerId, query: 'amox' }),
      ),
      suggestEmptyMs: await explainMedian(database.pool, () =>
        suggestMedications(database.db, { ownerId, query: '' }),
      ),
    };
    const result = {
      rowsPerPractitioner: PER_OWNER,
      perPatient: PER_OWNER / PATIENTS,
      seedMs,
      ...figures,
    };
    printTable('Allergies and prescriptions at the database (EXPLAIN ANALYZE, median of 5)', [
      {
        query: "one patient's prescriptions, page of 51",
        ms: figures.prescriptionsPageMs.toFixed(2),
      },
      { query: '… active only', ms: figures.activePrescriptionsPageMs.toFixed(2) },
      { query: '… count (X-Total-Count)', ms: figures.prescriptionsCountMs.toFixed(2) },
      { query: "one patient's allergies, page of 51", ms: figures.allergiesPageMs.toFixed(2) },
      { query: "medication suggestions 'a'", ms: figures.suggestOneLetterMs.toFixed(2) },
      { query: "medication suggestions 'amox'", ms: figures.suggestPrefixMs.toFixed(2) },
      { query: "medication suggestions ''", ms: figures.suggestEmptyMs.toFixed(2) },
    ]);
    writeResult('clinical', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchClinical();
