// The patient's end at scale: one practitioner with 100,000 patients, 100,000 links of people to
// them (one person linked to 1,000 records, the rest two or three each), 100,000 appointments and
// 100,000 signed visits (one patient with 1,000 of each), and 1,000,000 audit events of which
// 100,000 are about that one patient, most are a second practitioner's and one in a thousand a
// third, quiet one's (whose activity view has to look far back). Prints EXPLAIN (ANALYZE, BUFFERS) execution times, median
// of 5, of the repositories' own SQL behind each /api/me read, the practitioner's view of a
// patient's access and their activity view (target ≤ 5 ms for a page).
//   npm run patient-end -w bench      (also part of `npm run bench`)
//   BENCH_PATIENT_END_ROWS (100,000), BENCH_AUDIT_EVENTS (1,000,000), SHOW_PLANS=1
import type pg from 'pg';
import { PAGE_LIMIT } from '../packages/shared/src/patient.ts';
import {
  countAuditEvents,
  findAuditEvents,
} from '../apps/api/src/modules/audit/audit.repository.ts';
import {
  findLiveLink,
  listAppointments,
} from '../apps/api/src/modules/my-health/my-health.repository.ts';
import { MY_LIST_MAX } from '../apps/api/src/modules/my-health/my-health.service.ts';
import {
  findLiveLinks,
  findPatientAccess,
} from '../apps/api/src/modules/patient-access/patient-access.repository.ts';
import { findNoticeChoices } from '../apps/api/src/modules/users/notices.repository.ts';
import { listSignedVisits } from '../apps/api/src/modules/visits/visits.repository.ts';
import { insertBenchOwners, insertBenchPatients, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { printTable, writeResult } from './lib/portal.ts';

const ROWS = Number(process.env.BENCH_PATIENT_END_ROWS ?? 100_000);
const AUDIT_EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
/** One record in HEAVY_EVERY is the heavy person's, and the heavy patient's share of each table. */
const HEAVY_EVERY = 100;
/** The other links go to this many people, two or three each. */
const OTHER_PEOPLE = Math.max(1, Math.floor(ROWS / 3));
/** The second practitioner's patients, whose events are most of the trail but not the first's. */
const OTHER_PATIENTS = 1_000;

interface Seeded {
  ownerId: string;
  otherOwnerId: string;
  /** A practitioner with one event in a thousand of the trail. */
  quietOwnerId: string;
  /** The person linked to 1,000 records, and the patient with 1,000 of everything. */
  personId: string;
  patientId: string;
}

const timed = async (label: string, run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  const ms = Math.round(performance.now() - started);
  console.log(`  seeded ${label} in ${ms} ms`);
  return ms;
};

async function seed(pool: pg.Pool): Promise<Seeded> {
  const [ownerId, otherOwnerId] = (await insertBenchOwners(pool, 'patient-end')) as [
    string,
    string,
  ];
  const { rows: quiet } = await pool.query<{ id: string }>(
    `insert into users (uid, email, name)
     values ('bench:quiet', 'quiet@example.test', 'Bench Doctor 3') returning id`,
  );
  const quietOwnerId = quiet[0]!.id;
  await timed('patients', async () => {
    await insertBenchPatients(pool, ownerId, ROWS);
    await insertBenchPatients(pool, otherOwnerId, OTHER_PATIENTS);
    await insertBenchPatients(pool, quietOwnerId, 10);
  });
  const patientIds = `(select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`;

  await timed('people and links', async () => {
    await pool.query(
      `insert into users (uid, email, name)
       select 'bench:person:' || g, 'person' || g || '@example.test', 'Linked Person ' || g
       from generate_series(0, $1::int) g`,
      [OTHER_PEOPLE],
    );
    // Patient i (by id) of every HEAVY_EVERY is the heavy person's; the others' links go round
    // the other people, and one in ten of them has ended (ended links are kept).
    await pool.query(
      `insert into patient_links (owner_id, patient_id, user_id, relationship, created_at, ended_at)
       select $1::uuid, p.ids[i],
         case when (i - 1) % $3::int = 0 then u.ids[1] else u.ids[2 + i % $4::int] end,
         (array['self', 'parent-or-guardian', 'carer'])[1 + i % 3],
         now() - i * interval '1 minute',
         case when (i - 1) % $3::int <> 0 and i % 10 = 0 then now() end
       from generate_series(1, $2::int) i, ${patientIds},
         (select array_agg(id order by uid) as ids from users where uid like 'bench:person:%') u`,
      [ownerId, ROWS, HEAVY_EVERY, OTHER_PEOPLE],
    );
  });

  // Every HEAVY_EVERY-th slot is the heavy patient's (p.ids[1]); 16 half-hour slots a day,
  // half of them past, half upcoming.
  const slots = Math.ceil(ROWS / 16 / 2);
  await timed('appointments', () =>
    pool.query(
      `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, reason, note, status)
       select $1::uuid,
         case when g % $3::int = 0 then p.ids[1] else p.ids[2 + g % (cardinality(p.ids) - 1)] end,
         s.starts_at, s.starts_at + interval '30 minutes',
         (array['in-person', 'video', 'phone'])[1 + g % 3], 'Review', 'Bring the results',
         case when s.starts_at > now() then 'booked'
           else (array['fulfilled', 'fulfilled', 'cancelled', 'no-show'])[1 + g % 4] end
       from generate_series(0, $2::int - 1) g, ${patientIds},
         lateral (select current_date - $4::int + (g / 16) * interval '1 day'
           + interval '9 hours' + (g % 16) * interval '30 minutes' as starts_at) s`,
      [ownerId, ROWS, HEAVY_EVERY, slots],
    ),
  );

  await timed('visits', async () => {
    await pool.query(
      `insert into visits (owner_id, patient_id, occurred_at, reason, subjective, objective,
         assessment, plan, systolic, diastolic, heart_rate, temperature, weight, height,
         oxygen_saturation, signed_at, signed_by)
       select $1::uuid,
         case when g % $3::int = 0 then p.ids[1] else p.ids[2 + g % (cardinality(p.ids) - 1)] end,
         now() - g * interval '47 minutes', 'Review of cough',
         'Reports cough for ' || (1 + g % 30) || ' days.', 'Alert, oriented. Chest clear.',
         'Likely viral.', 'Symptomatic treatment; return if worse.',
         110 + g % 40, 70 + g % 20, 60 + g % 30, 36.5, 70 + g % 20, 170, 97,
         now() - g * interval '47 minutes' + interval '1 hour', $1::uuid
       from generate_series(0, $2::int - 1) g, ${patientIds}`,
      [ownerId, ROWS, HEAVY_EVERY],
    );
    await pool.query(
      `insert into visit_addenda (visit_id, author_id, text)
       select v.id, $1::uuid, 'Corrected the dose in the plan.'
       from visits v where v.patient_id = (select id from patients where owner_id = $1::uuid order by id limit 1)
       and abs(hashtext(v.id::text)) % 10 = 0`,
      [ownerId],
    );
  });

  const { rows: heavy } = await pool.query<{ personId: string; patientId: string }>(
    `select user_id as "personId", patient_id as "patientId" from patient_links
     where patient_id = (select id from patients where owner_id = $1::uuid order by id limit 1)`,
    [ownerId],
  );
  const { personId, patientId } = heavy[0]!;

  // One event in ten is the heavy patient's (their practitioner's and their own reads); one in
  // ten the practitioner's on their other patients; one in ten a linked person's on the record
  // they are linked to; the rest are the other practitioner's, on their own patients, but for
  // one in a thousand, the quiet practitioner's.
  await timed('audit events', () =>
    pool.query(
      `insert into audit_events (actor_id, patient_id, action, outcome, created_at)
       select
         case g % 10 when 0 then case when g % 20 = 0 then $1::uuid else $3::uuid end
           when 1 then $1::uuid when 2 then l.users[1 + g % cardinality(l.users)]
           else case when g % 1000 = 3 then $6::uuid else $5::uuid end end,
         case g % 10 when 0 then $4::uuid when 1 then p.ids[1 + g % cardinality(p.ids)]
           when 2 then l.patients[1 + g % cardinality(l.patients)]
           else case when g % 1000 = 3 then q.ids[1 + g % cardinality(q.ids)]
             else o.ids[1 + g % cardinality(o.ids)] end end,
         (array['read', 'list', 'update'])[1 + g % 3], 'success',
         now() - ($2::int - g) * interval '1 second'
       from generate_series(0, $2::int - 1) g, ${patientIds},
         (select array_agg(id order by id) as ids from patients where owner_id = $5::uuid) o,
         (select array_agg(id order by id) as ids from patients where owner_id = $6::uuid) q,
         (select array_agg(user_id order by id) as users, array_agg(patient_id order by id) as patients
          from patient_links where ended_at is null and user_id <> $3::uuid) l`,
      [ownerId, AUDIT_EVENTS, personId, patientId, otherOwnerId, quietOwnerId],
    ),
  );
  for (const table of [
    'patients',
    'users',
    'patient_links',
    'appointments',
    'visits',
    'visit_addenda',
    'audit_events',
  ]) {
    await pool.query(`vacuum analyze ${table}`);
  }
  return { ownerId, otherOwnerId, quietOwnerId, personId, patientId };
}

export async function benchPatientEnd() {
  console.log(
    `Patient's end bench: ${ROWS} patients, links, appointments and visits of one practitioner; ${AUDIT_EVENTS} audit events`,
  );
  return withBenchDatabase(async (database) => {
    const { db, pool } = database;
    const seedStarted = performance.now();
    const { ownerId, otherOwnerId, quietOwnerId, personId, patientId } = await seed(pool);
    const seedMs = Math.round(performance.now() - seedStarted);
    const scope = { ownerId, patientId };
    const counts = (
      await pool.query<Record<string, number>>(
        `select (select count(*)::int from patient_links where user_id = $1 and ended_at is null) as links,
           (select count(*)::int from appointments where patient_id = $2) as appointments,
           (select count(*)::int from visits where patient_id = $2) as visits,
           (select count(*)::int from audit_events where patient_id = $2) as events`,
        [personId, patientId],
      )
    ).rows[0]!;
    const middleEvent = (
      await pool.query<{ id: string }>(
        'select id from audit_events order by id offset $1 limit 1',
        [Math.floor(AUDIT_EVENTS / 2)],
      )
    ).rows[0]!;

    const measure = (run: () => Promise<unknown>) => explainMedian(pool, run);
    const figures = {
      gate: await measure(() => findLiveLink(db, { userId: personId, patientId })),
      myLinks: await measure(() => findLiveLinks(db, personId)),
      patientAccess: await measure(() => findPatientAccess(db, patientId)),
      myAppointments: await measure(async () => {
        const at = new Date();
        await listAppointments(db, { ...scope, at, when: 'upcoming', limit: MY_LIST_MAX });
        await listAppointments(db, { ...scope, at, when: 'past', limit: MY_LIST_MAX });
      }),
      myVisits: await measure(() => listSignedVisits(db, { ...scope, limit: MY_LIST_MAX })),
      activityFirstPage: await measure(() =>
        findAuditEvents(db, { actorId: ownerId, beforeId: null, limit: PAGE_LIMIT.default + 1 }),
      ),
      activityDeepPage: await measure(() =>
        findAuditEvents(db, {
          actorId: ownerId,
          beforeId: Number(middleEvent.id),
          limit: PAGE_LIMIT.default + 1,
        }),
      ),
      activityCount: await measure(() => countAuditEvents(db, ownerId)),
      otherActivityFirstPage: await measure(() =>
        findAuditEvents(db, {
          actorId: otherOwnerId,
          beforeId: null,
          limit: PAGE_LIMIT.default + 1,
        }),
      ),
      otherActivityCount: await measure(() => countAuditEvents(db, otherOwnerId)),
      quietActivityFirstPage: await measure(() =>
        findAuditEvents(db, {
          actorId: quietOwnerId,
          beforeId: null,
          limit: PAGE_LIMIT.default + 1,
        }),
      ),
      quietActivityCount: await measure(() => countAuditEvents(db, quietOwnerId)),
      noticePreferences: await measure(() => findNoticeChoices(db, personId)),
    };

    const ms = (value: number) => value.toFixed(2);
    printTable(`The patient's end (EXPLAIN ANALYZE, median of 5, ms; target ≤ 5 ms for a page)`, [
      { query: 'the live-link gate (every /api/me request)', ms: ms(figures.gate) },
      { query: `GET /api/me/links, ${counts.links} links`, ms: ms(figures.myLinks) },
      { query: "a patient's access (practitioner)", ms: ms(figures.patientAccess) },
      {
        query: `my appointments, ${counts.appointments} of one patient`,
        ms: ms(figures.myAppointments),
      },
      { query: `my visits, ${counts.visits} signed`, ms: ms(figures.myVisits) },
      {
        query: `activity view, first page of ${PAGE_LIMIT.default}`,
        ms: ms(figures.activityFirstPage),
      },
      { query: 'activity view, page in the middle', ms: ms(figures.activityDeepPage) },
      { query: 'activity view, its count', ms: ms(figures.activityCount) },
      {
        query: 'activity view of the busier practitioner, first page',
        ms: ms(figures.otherActivityFirstPage),
      },
      {
        query: 'activity view of the busier practitioner, its count',
        ms: ms(figures.otherActivityCount),
      },
      {
        query: 'activity view of a quiet practitioner (1 event in 1,000), first page',
        ms: ms(figures.quietActivityFirstPage),
      },
      {
        query: 'activity view of a quiet practitioner, its count',
        ms: ms(figures.quietActivityCount),
      },
      { query: 'notice preferences', ms: ms(figures.noticePreferences) },
    ]);
    const result = { rows: ROWS, auditEvents: AUDIT_EVENTS, ofOne: counts, seedMs, ...figures };
    writeResult('patient-end', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchPatientEnd();
