import { batchedOnDb } from '../../db/batched.ts';
import type { Db } from '../../db/client.ts';
import { prepare, runPrepared, runPreparedOn } from '../../db/prepared.ts';
import {
  ANSWERED_COLUMNS,
  columnName,
  VALUE_KEYS,
  type PatientRecord,
  type PatientValueKey,
  type PatientValues,
} from './patients.fields.ts';
import type { ListKey } from './patients.repository.ts';

/**
 * The busiest patient routes (read one, list a page, create), one statement each: the patient
 * query and the audit event it owes are a single data-modifying statement, so they commit
 * together in one round trip, as named prepared statements (parsed and planned once per
 * connection); reads that arrive together share one statement, each with its own audit row. The
 * other patient SQL is in patients.repository.ts. Every query is scoped by owner, and the owner is
 * always the actor.
 */

const utcText = (column: string) => `(${column} at time zone 'UTC')::text`;

/**
 * The SQL text is built once, at module load, from the drizzle table (patients.fields.ts), so a
 * new column cannot be left out of it and the statements stay named prepared statements.
 */
const COLUMNS = ANSWERED_COLUMNS.map(([key, name]) => {
  if (key === 'createdAt' || key === 'updatedAt') return `${utcText(name)} as "${key}"`;
  // node-postgres would read a date as a local midnight; the API answers `YYYY-MM-DD`.
  if (key === 'dateOfBirth') return `${name}::text as "${key}"`;
  return `${name} as "${key}"`;
}).join(', ');

/** Parameter $n of the create statement: $1 the owner, then the stored fields in table order. */
const valueParameter = (key: PatientValueKey) => `$${VALUE_KEYS.indexOf(key) + 2}`;
const REQUEST_ID_PARAMETER = `$${VALUE_KEYS.length + 2}`;

const AUDIT_COLUMNS = 'audit_events (actor_id, patient_id, action, outcome, request_id)';

const readOne = prepare(
  'patients_read_audited',
  `with found as (
     select ${COLUMNS} from patients where owner_id = $1::uuid and id = $2::uuid and deleted_at is null
   ), logged as (
     insert into ${AUDIT_COLUMNS}
     select $1::uuid, $2::uuid, 'read', case when exists (select 1 from found) then 'success' else 'denied' end, $3::text
   )
   select * from found`,
);

/**
 * The reads of many requests in one statement: $1 the owners, $2 the ids, $3 the request ids,
 * one element per read, each read exactly as `readOne` does it (its patient by owner and id, its
 * own audit row); `ord` says whose read a row answers.
 */
const readMany = prepare(
  'patients_read_many_audited',
  `with asked as (
     select * from unnest($1::uuid[], $2::uuid[], $3::text[]) with ordinality as a(owner_id, id, request_id, ord)
   ), found as (
     select asked.ord::int as "ord", p.* from asked cross join lateral (
       select ${COLUMNS} from patients
       where owner_id = asked.owner_id and id = asked.id and deleted_at is null
     ) p
   ), logged as (
     insert into ${AUDIT_COLUMNS}
     select owner_id, id, 'read', case when exists (select 1 from found where found.ord = asked.ord) then 'success' else 'denied' end, request_id
     from asked
   )
   select * from found`,
);

interface PatientRead {
  ownerId: string;
  id: string;
  requestId: string;
}

/** Runs the reads that arrived together: one alone as `readOne`, more as one `readMany`. */
const readTogether = batchedOnDb(
  async (db: Db, reads: PatientRead[]): Promise<(PatientRecord | undefined)[]> => {
    if (reads.length === 1) {
      const [{ ownerId, id, requestId }] = reads as [PatientRead];
      return runPreparedOn<PatientRecord>(db.$batchClient, readOne, [ownerId, id, requestId]);
    }
    const rows = await runPreparedOn<PatientRecord & { ord: number }>(db.$batchClient, readMany, [
      reads.map((read) => read.ownerId),
      reads.map((read) => read.id),
      reads.map((read) => read.requestId),
    ]);
    const found: (PatientRecord | undefined)[] = new Array(reads.length);
    for (const { ord, ...row } of rows) found[ord - 1] = row;
    return found;
  },
);

/**
 * The owner's live patient, or undefined; audited `read` as `success` or `denied`. Reads that
 * arrive while the database is busy with others go together in one statement (`batched`).
 */
export async function readPatientAudited(
  db: Db,
  read: PatientRead,
): Promise<PatientRecord | undefined> {
  return readTogether(db, read);
}

/**
 * The page query, newest first, on the (owner_id, created_at desc, id desc) list index. A
 * search takes the ids first from that covering index (the filter runs on its entries, no heap
 * visits), then the rows; without one, the ordered index scan itself is the page. $1 owner,
 * $2 request id, $3 limit, then the search pattern and the keyset position when present.
 */
function listText({ isSearch, isAfter }: { isSearch: boolean; isAfter: boolean }): string {
  const filters = ['owner_id = $1::uuid', 'deleted_at is null'];
  let next = 4;
  if (isSearch) filters.push(`search_text like lower($${next++}::text)`);
  // A row comparison, so the index serves it as one range.
  if (isAfter) filters.push(`(created_at, id) < ($${next++}::timestamptz, $${next++}::uuid)`);
  const page = isSearch
    ? `where owner_id = $1::uuid and id = any(array(
         select id from patients where ${filters.join(' and ')}
         order by created_at desc, id desc limit $3::int))
       order by created_at desc, id desc`
    : `where ${filters.join(' and ')} order by created_at desc, id desc limit $3::int`;
  return `with logged as (
     insert into ${AUDIT_COLUMNS} values ($1::uuid, null, 'list', 'success', $2::text)
   )
   select ${COLUMNS} from patients ${page}`;
}

const listPage = prepare('patients_list_audited', listText({ isSearch: false, isAfter: false }));
const listPageAfter = prepare(
  'patients_list_after_audited',
  listText({ isSearch: false, isAfter: true }),
);

/**
 * The first or next pages of many requests in one statement, each page exactly as `listPage` or
 * `listPageAfter` reads it, with its own `list` audit row: $1 the owners, $2 the request ids, $3
 * the limits, $4 and $5 the keyset positions (null for a first page: before any time). `ord`
 * says whose page a row belongs to. A page's rows come in its own order: the UTC text of
 * `createdAt` sorts as the time does.
 */
const listMany = prepare(
  'patients_list_many_audited',
  `with asked as (
     select * from unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[], $5::uuid[])
       with ordinality as a(owner_id, request_id, lim, after_at, after_id, ord)
   ), logged as (
     insert into ${AUDIT_COLUMNS}
     select owner_id, null, 'list', 'success', request_id from asked
   )
   select asked.ord::int as "ord", page.* from asked cross join lateral (
     select ${COLUMNS} from patients
     where owner_id = asked.owner_id and deleted_at is null
       and (created_at, id) < (coalesce(asked.after_at, 'infinity'), coalesce(asked.after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
     order by created_at desc, id desc limit asked.lim
   ) page
   order by asked.ord, page."createdAt" desc, page."id" desc`,
);

interface PatientList {
  ownerId: string;
  requestId: string;
  after: ListKey | null;
  limit: number;
}

/** Runs the pages asked for together: one alone as it always ran, more as one `listMany`. */
const listTogether = batchedOnDb(
  async (db: Db, lists: PatientList[]): Promise<PatientRecord[][]> => {
    if (lists.length === 1) {
      const [{ ownerId, requestId, after, limit }] = lists as [PatientList];
      const values: unknown[] = [ownerId, requestId, limit];
      if (after) values.push(...after);
      const statement = after ? listPageAfter : listPage;
      return [await runPreparedOn<PatientRecord>(db.$batchClient, statement, values)];
    }
    const rows = await runPreparedOn<PatientRecord & { ord: number }>(db.$batchClient, listMany, [
      lists.map((list) => list.ownerId),
      lists.map((list) => list.requestId),
      lists.map((list) => list.limit),
      lists.map((list) => list.after?.[0] ?? null),
      lists.map((list) => list.after?.[1] ?? null),
    ]);
    // The answer reads a row's fields by name, so `ord` can stay on it.
    const pages: PatientRecord[][] = lists.map(() => []);
    for (const row of rows) pages[row.ord - 1]!.push(row);
    return pages;
  },
);

/** `%fragment%` for LIKE, with the fragment's own `\`, `%` and `_` escaped. */
function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the owner's live patients, newest first, strictly after `after`; audited `list`.
 * Pages asked for while the database is busy with others go together in one statement; a
 * search is planned for its own fragment every time (an unnamed statement, alone): a plan made
 * for no fragment in particular misjudges how rare it is.
 */
export async function listPatientsAudited(
  db: Db,
  {
    ownerId,
    requestId,
    q,
    after,
    limit,
  }: { ownerId: string; requestId: string; q: string | null; after: ListKey | null; limit: number },
): Promise<PatientRecord[]> {
  if (q === null) return listTogether(db, { ownerId, requestId, after, limit });
  const values: unknown[] = [ownerId, requestId, limit, containsPattern(q)];
  if (after) values.push(...after);
  return runPrepared(db, { text: listText({ isSearch: true, isAfter: after !== null }) }, values);
}

/** The create statement's text, exported for the test that compares it with the table. */
export const CREATE_TEXT = `with same as (
     select id from patients
     where owner_id = $1::uuid and phone = ${valueParameter('phone')}::text and deleted_at is null
       and lower(name) = lower(${valueParameter('name')}::text)
     order by created_at limit 5
   ), inserted as (
     insert into patients (owner_id, ${VALUE_KEYS.map(columnName).join(', ')})
     values ($1::uuid, ${VALUE_KEYS.map(valueParameter).join(', ')})
     returning ${COLUMNS}
   ), logged as (
     insert into ${AUDIT_COLUMNS} select $1::uuid, id, 'create', 'success', ${REQUEST_ID_PARAMETER}::text from inserted
   )
   select inserted.*, array(select id::text from same) as "sameIds" from inserted`;

const createOne = prepare('patients_create_audited', CREATE_TEXT);

/**
 * Inserts the patient and its `create` audit event; answers the row and the ids of the owner's
 * live patients with the same name (ignoring case) and phone that existed before it.
 */
export async function createPatientAudited(
  db: Db,
  { ownerId, values, requestId }: { ownerId: string; values: PatientValues; requestId: string },
): Promise<{ row: PatientRecord; sameIds: string[] }> {
  const [created] = await runPrepared<PatientRecord & { sameIds: string[] }>(db, createOne, [
    ownerId,
    ...VALUE_KEYS.map((key) => values[key]),
    requestId,
  ]);
  const { sameIds, ...row } = created!;
  return { row, sameIds };
}
