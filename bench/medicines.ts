// Medicines at scale: 100,000 prescriptions of one practitioner (1,000 per patient, 100
// patients), every fourth sent to one of 10 pharmacies (2,500 each), a third of those ready and
// a third dispensed, and a refill request for every tenth prescription (10,000, a third open).
// Prints EXPLAIN (ANALYZE, BUFFERS) execution times, median of 5, of the repository's own SQL:
// a pharmacy's list (a page of 51, all and waiting ones, and its count), one patient's refill
// requests (a page and its count), the practitioner's open count, a verification's update, and
// the pharmacy a patient chose (their prescriptions' latest sent to one).
//   npm run medicines -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import {
  countVerification,
  findChosenPharmacy,
  listPharmacyPrescriptions,
} from '../apps/api/src/modules/medicines/medicines.repository.ts';
import {
  countOpenRefills,
  countRefillRequests,
  listRefillRequests,
} from '../apps/api/src/modules/medicines/medicines.refills.repository.ts';
import { insertBenchOwners, insertBenchPatients, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PER_OWNER = Number(process.env.BENCH_PRESCRIPTIONS ?? 100_000);
const PATIENTS = 100;
const PHARMACIES = 10;

async function seed(pool: pg.Pool, ownerId: string) {
  await insertBenchPatients(pool, ownerId, PATIENTS);
  await pool.query(
    `insert into facilities (owner_id, kind, name, address, city, country, review_status)
     select $1::uuid, 'pharmacy', 'Pharmacy ' || g, 'Street ' || g, 'Lisboa', 'PT', 'approved'
     from generate_series(1, $2::int) g`,
    [ownerId, PHARMACIES],
  );
  const patients = `(select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`;
  const pharmacies = `(select array_agg(id order by id) as ids from facilities where owner_id = $1::uuid) f`;
  await pool.query(
    `insert into prescriptions (owner_id, patient_id, medication, strength, dose, route, frequency,
       status, created_at, updated_at, pharmacy_id, sent_at, ready_at, dispensed_at, dispensed_by)
     select $1::uuid, p.ids[1 + g % $3::int], 'Medicine ' || (g % 400), '10 mg', '1 tablet', 'oral',
       'daily', 'active', now() - g * interval '1 minute', now() - g * interval '1 minute',
       case when g % 4 = 0 then f.ids[1 + g / 4 % $4::int] end,
       case when g % 4 = 0 then now() - g * interval '1 minute' end,
       case when g % 4 = 0 and g % 3 = 1 then now() end,
       case when g % 4 = 0 and g % 3 = 2 then now() end,
       case when g % 4 = 0 and g % 3 = 2 then 'Pharmacy' end
     from generate_series(0, $2::int - 1) g, ${patients}, ${pharmacies}`,
    [ownerId, PER_OWNER, PATIENTS, PHARMACIES],
  );
  await pool.query(
    `insert into refill_requests (owner_id, patient_id, prescription_id, requester_id, status,
       answered_at, created_at, updated_at)
     select owner_id, patient_id, id, owner_id,
       (array['open', 'approved', 'declined'])[1 + (n % 3)],
       case when n % 3 = 0 then null else now() end, created_at, created_at
     from (select *, row_number() over (order by id) as n from prescriptions
            where owner_id = $1::uuid) x
     where n % 10 = 0`,
    [ownerId],
  );
}

export async function benchMedicines() {
  console.log(`Medicines bench: ${PER_OWNER} prescriptions, ${PHARMACIES} pharmacies`);
  return withBenchDatabase(async (database) => {
    const [ownerId] = await insertBenchOwners(database.pool, 'medicines');
    const seedStarted = performance.now();
    await seed(database.pool, ownerId!);
    for (const table of ['patients', 'prescriptions', 'facilities', 'refill_requests'])
      await database.pool.query(`vacuum analyze ${table}`);
    const seedMs = Math.round(performance.now() - seedStarted);
    const db = database.db;
    const one = async (sql: string) =>
      (await database.pool.query<{ id: string }>(sql, [ownerId])).rows[0]!.id;
    const pharmacyId = await one(
      'select id from facilities where owner_id = $1 order by id limit 1',
    );
    const patientId = await one('select id from patients where owner_id = $1 order by id limit 1');
    const verifyId = (
      await database.pool.query<{ verify_id: string }>(
        'select verify_id from prescriptions where owner_id = $1 limit 1',
        [ownerId],
      )
    ).rows[0]!.verify_id;
    const scope = { ownerId: ownerId!, patientId };
    const figures = {
      pharmacyPageMs: await explainMedian(database.pool, () =>
        listPharmacyPrescriptions(db, { pharmacyId, status: undefined, after: null, limit: 51 }),
      ),
      pharmacyWaitingPageMs: await explainMedian(database.pool, () =>
        listPharmacyPrescriptions(db, { pharmacyId, status: 'sent', after: null, limit: 51 }),
      ),
      refillPageMs: await explainMedian(database.pool, () =>
        listRefillRequests(db, { ...scope, after: null, limit: 51 }),
      ),
      refillCountMs: await explainMedian(database.pool, () => countRefillRequests(db, scope)),
      openRefillsCountMs: await explainMedian(database.pool, () => countOpenRefills(db, ownerId!)),
      verificationMs: await explainMedian(database.pool, () => countVerification(db, verifyId)),
      chosenPharmacyMs: await explainMedian(database.pool, () => findChosenPharmacy(db, scope)),
    };
    const result = { prescriptions: PER_OWNER, pharmacies: PHARMACIES, seedMs, ...figures };
    printTable('Medicines at the database (EXPLAIN ANALYZE, median of 5)', [
      { query: "a pharmacy's list (page of 51 and count)", ms: figures.pharmacyPageMs.toFixed(2) },
      { query: '… waiting only', ms: figures.pharmacyWaitingPageMs.toFixed(2) },
      { query: "one patient's refill requests, page of 51", ms: figures.refillPageMs.toFixed(2) },
      { query: '… count (X-Total-Count)', ms: figures.refillCountMs.toFixed(2) },
      {
        query: "the practitioner's open refills (menu)",
        ms: figures.openRefillsCountMs.toFixed(2),
      },
      { query: 'a verification (count and read)', ms: figures.verificationMs.toFixed(2) },
      { query: "the patient's chosen pharmacy", ms: figures.chosenPharmacyMs.toFixed(2) },
    ]);
    writeResult('medicines', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchMedicines();
