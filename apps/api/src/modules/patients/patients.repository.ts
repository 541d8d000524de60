import { and, desc, eq, gt, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { patients, type PatientRow } from '../../db/schema/patients.ts';
import { isOneOfVersions, nextVersion, type VersionedChange } from '../../lib/etag.ts';
import { pastKey } from '../../lib/paging.ts';
import { countRows, findRow } from '../../db/rows.ts';
import { storedId } from '../../lib/uuid.ts';
import type { PatientValues } from './patients.fields.ts';

/** Every query on patients is scoped by owner: there is no function here without `ownerId`. */

/** Position in the list, newest first: `createdAt` (ms) then id. */
export type ListKey = [createdAt: string, id: string];

const isLive = isNull(patients.deletedAt);

function isOwned(ownerId: string, id: string) {
  return and(eq(patients.ownerId, ownerId), eq(patients.id, id));
}

/** `search_text` is lower-cased in the table; lower() the fragment with the same function. */
function matches(fragment: string): SQL {
  const escaped = fragment.replace(/[\\%_]/g, (c) => `\\${c}`);
  return like(patients.searchText, sql`lower(${`%${escaped}%`})`);
}

/** Whether the patient is one of the owner's live (not trashed) patients. */
export async function isOwnLivePatient(
  db: DbOrTx,
  { ownerId, patientId }: { ownerId: string; patientId: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(eq(patients.ownerId, ownerId), eq(patients.id, patientId), isNull(patients.deletedAt)),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The id of the patient as stored when it is one of the owner's live patients; null when it is
 * not (not an id, missing, in the trash or someone else's).
 */
export async function findOwnLivePatientId(
  db: DbOrTx,
  { ownerId, patientId }: { ownerId: string; patientId: string },
): Promise<string | null> {
  const id = storedId(patientId);
  return id && (await isOwnLivePatient(db, { ownerId, patientId: id })) ? id : null;
}

export async function findPatient(
  db: DbOrTx,
  { ownerId, id }: { ownerId: string; id: string },
): Promise<PatientRow | undefined> {
  return findRow(db, patients, and(isOwned(ownerId, id), isLive));
}

/**
 * Changes a live patient. With `versions` (from If-Match) only when its `updatedAt` is one of
 * them. `updatedAt` always moves forward by at least 1 ms, so every change gets a new ETag.
 */
export async function updatePatient(
  db: DbOrTx,
  { ownerId, id, values, versions }: VersionedChange<PatientValues>,
): Promise<PatientRow | undefined> {
  const [row] = await db
    .update(patients)
    .set({
      ...values,
      updatedAt: nextVersion(patients.updatedAt),
    })
    .where(and(isOwned(ownerId, id), isLive, isOneOfVersions(patients.updatedAt, versions)))
    .returning();
  return row;
}

export async function trashPatient(
  db: DbOrTx,
  { ownerId, id }: { ownerId: string; id: string },
): Promise<PatientRow | undefined> {
  const [row] = await db
    .update(patients)
    .set({ deletedAt: sql`now()` })
    .where(and(isOwned(ownerId, id), isLive))
    .returning();
  return row;
}

/** Brings a patient back from the trash if it was deleted after `deletedAfter`. */
export async function restorePatient(
  db: DbOrTx,
  { ownerId, id, deletedAfter }: { ownerId: string; id: string; deletedAfter: Date },
): Promise<PatientRow | undefined> {
  const [row] = await db
    .update(patients)
    .set({ deletedAt: null })
    .where(
      and(
        isOwned(ownerId, id),
        isNotNull(patients.deletedAt),
        gt(patients.deletedAt, deletedAfter),
      ),
    )
    .returning();
  return row;
}

function listFilter(ownerId: string, q: string | null): SQL {
  return and(eq(patients.ownerId, ownerId), isLive, q ? matches(q) : undefined)!;
}

/**
 * One page of live patients, newest first, strictly after `after`. The ids come first from the
 * covering list index (the search filter runs on its entries, no heap visits), then the rows.
 */
export async function findPatientsPage(
  db: Db,
  {
    ownerId,
    q,
    after,
    limit,
  }: { ownerId: string; q: string | null; after: ListKey | null; limit: number },
): Promise<PatientRow[]> {
  // A row comparison, so the (owner_id, created_at desc, id desc) index serves it as one range.
  const keyset = pastKey(patients.createdAt, patients.id, after, '<');
  const ids = db
    .select({ id: patients.id })
    .from(patients)
    .where(and(listFilter(ownerId, q), keyset))
    .orderBy(desc(patients.createdAt), desc(patients.id))
    .limit(limit);
  return db
    .select()
    .from(patients)
    .where(and(eq(patients.ownerId, ownerId), sql`${patients.id} = any(array(${ids}))`))
    .orderBy(desc(patients.createdAt), desc(patients.id));
}

export async function countPatients(
  db: Db,
  { ownerId, q }: { ownerId: string; q: string | null },
): Promise<number> {
  return countRows(db, patients, listFilter(ownerId, q));
}

/**
 * Deletes for good the patients trashed before `deletedBefore`, writing one `purge` audit event
 * per patient (actor: its owner) in the same statement. Answers how many went.
 */
export async function purgeTrash(
  db: Db,
  { deletedBefore }: { deletedBefore: Date },
): Promise<number> {
  const result = await db.execute<{ purged: number }>(sql`
    with gone as (
      delete from patients where deleted_at is not null and deleted_at < ${deletedBefore.toISOString()}::timestamptz
      returning id, owner_id
    ), logged as (
      insert into audit_events (actor_id, patient_id, action, outcome)
      select owner_id, id, 'purge', 'success' from gone
    )
    select count(*)::int as purged from gone`);
  return result.rows[0]?.purged ?? 0;
}

/**
 * A record made by an online booking (decision 0029): the name (and, for a dependant, the date of
 * birth) the booker gave, marked self-registered, its clinical fields empty until the
 * practitioner completes them. Never matched to an existing record.
 */
export async function insertSelfRegisteredPatient(
  db: DbOrTx,
  {
    ownerId,
    name,
    dateOfBirth,
    email,
    age,
  }: {
    ownerId: string;
    name: string;
    dateOfBirth: string | null;
    email: string | null;
    age: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(patients)
    .values({
      ownerId,
      name,
      dateOfBirth,
      email,
      age,
      diagnosedWith: '',
      address: '',
      phone: '',
      emergencyPhone: '',
      bloodGroup: null,
      gender: null,
      selfRegistered: true,
    })
    .returning({ id: patients.id });
  return row!.id;
}
