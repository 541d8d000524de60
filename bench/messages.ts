// Secure messages at scale: BENCH_MESSAGE_ROWS (100,000) messages in 2,000 clinical threads of
// one practitioner (20 patients × 100 threads, 50 messages each), and as many support threads
// and messages from other users. Prints EXPLAIN (ANALYZE, BUFFERS) execution times, median of 5,
// of the practitioner's inbox page (with its unread counts and total), the Support desk's first
// page (members first), and a first page of one thread's messages.
//   npm run messages -w bench
import { findMessages, findThreads } from '../apps/api/src/modules/messages/messages.repository.ts';
import { insertBenchOwners, insertBenchPatients, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { printTable, writeResult } from './lib/portal.ts';

const ROWS = Number(process.env.BENCH_MESSAGE_ROWS ?? 100_000);
const PER_THREAD = 50;
const PATIENTS = 20;
const PAGE = 50;

export async function benchMessages() {
  const threads = Math.max(1, Math.round(ROWS / PER_THREAD));
  console.log(`Messages bench: ${ROWS} clinical and ${ROWS} support messages`);
  return withBenchDatabase(async (database) => {
    const { pool, db } = database;
    const [ownerId, requesterId] = await insertBenchOwners(pool, 'messages');
    const started = performance.now();
    await insertBenchPatients(pool, ownerId!, PATIENTS);
    // Clinical threads round the patients, one a minute; support threads of the second user.
    await pool.query(
      `insert into message_threads (kind, owner_id, patient_id, subject, created_at, last_message_at)
       select 'clinical', $1::uuid, p.ids[1 + g % $3::int], 'Bench thread ' || g,
         now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series(0, $2::int - 1) g,
         (select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`,
      [ownerId, threads, PATIENTS],
    );
    await pool.query(
      `insert into message_threads (kind, requester_id, subject, created_at, last_message_at)
       select 'support', $1::uuid, 'Bench question ' || g,
         now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series(0, $2::int - 1) g`,
      [requesterId, threads],
    );
    await pool.query(
      `insert into messages (thread_id, author_id, body, created_at)
       select t.id, case when m % 2 = 0 then coalesce(t.owner_id, t.requester_id) else null end,
         'A message of the bench, about as long as a short one.',
         t.last_message_at - m * interval '1 second'
       from message_threads t, generate_series(0, $1::int - 1) m`,
      [PER_THREAD],
    );
    await pool.query(
      `insert into message_reads (thread_id, user_id, read_at)
       select id, owner_id, last_message_at - interval '10 seconds'
       from message_threads where kind = 'clinical'`,
    );
    await pool.query('vacuum analyze message_threads, messages, message_reads');
    const seedMs = Math.round(performance.now() - started);

    const practitioner = { userId: ownerId!, isSupportStaff: false };
    const staff = { userId: ownerId!, isSupportStaff: true };
    const inboxMs = await explainMedian(pool, () =>
      findThreads(db, { reader: practitioner, box: 'mine', after: null, limit: PAGE + 1 }),
    );
    const deskMs = await explainMedian(pool, () =>
      findThreads(db, { reader: staff, box: 'support', after: null, limit: PAGE + 1 }),
    );
    const { rows } = await pool.query<{ id: string }>(
      `select id from message_threads where kind = 'clinical' order by last_message_at desc limit 1`,
    );
    const threadMs = await explainMedian(pool, () =>
      findMessages(db, { threadId: rows[0]!.id, after: null, limit: PAGE + 1 }),
    );
    const result = {
      messages: ROWS,
      threadsEach: threads,
      seedMs,
      inboxMs: Number(inboxMs.toFixed(2)),
      supportDeskMs: Number(deskMs.toFixed(2)),
      threadMessagesMs: Number(threadMs.toFixed(2)),
    };
    printTable(
      `Messages at the database (EXPLAIN ANALYZE, median of 5; ${ROWS} messages on each side)`,
      [
        { query: 'practitioner’s inbox, first 50, unread counts, total', ms: result.inboxMs },
        { query: 'Support desk, first 50, members first, total', ms: result.supportDeskMs },
        { query: 'one thread’s messages, first 50, total', ms: result.threadMessagesMs },
      ],
    );
    writeResult('messages', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchMessages();
