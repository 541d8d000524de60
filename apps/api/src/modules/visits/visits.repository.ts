import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { TVisitPatientSharing } from '@portal/shared/visit';
import type { Db, DbOrTx } from '../../db/client.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';
import { visitAddenda, visits } from '../../db/schema/visits.ts';
import { isOneOfVersions, nextVersion } from '../../lib/etag.ts';
import { pastKey } from '../../lib/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { VisitRecord, VisitValues } from './visits.fields.ts';

/** Every query on visits is scoped by owner: there is no function here without `ownerId`. */

/** Position in a visit list, newest first: `occurredAt` (ISO, ms) then id. */
export type VisitKey = [occurredAt: string, id: string];

/** The key of one visit of one of the owner's patients. */
export interface VisitRef {
  ownerId: string;
  patientId: string;
  id: string;
}

const { searchText: _searchText, ...visitColumns } = getTableColumns(visits);

/** The visits with their signer's name and their addenda (oldest first), in the given order. */
async function selectVisits(
  db: DbOrTx,
  where: SQL | undefined,
  { limit }: { limit?: number } = {},
): Promise<VisitRecord[]> {
  const query = db
    .select({ ...visitColumns, signerName: users.name })
    .from(visits)
    .leftJoin(users, eq(users.id, visits.signedBy))
    .where(where)
    .orderBy(desc(visits.occurredAt), desc(visits.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  if (rows.length === 0) return [];
  const addenda = await db
    .select({ ...getTableColumns(visitAddenda), authorName: users.name })
    .from(visitAddenda)
    .innerJoin(users, eq(users.id, visitAddenda.authorId))
    .where(
      inArray(
        visitAddenda.visitId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(visitAddenda.createdAt), asc(visitAddenda.id));
  return rows.map((row) => ({
    ...row,
    addenda: addenda.filter((addendum) => addendum.visitId === row.id),
  }));
}

const ofRef = ({ ownerId, patientId, id }: VisitRef) =>
  and(eq(visits.ownerId, ownerId), eq(visits.patientId, patientId), eq(visits.id, id));

export async function findVisit(db: DbOrTx, ref: VisitRef): Promise<VisitRecord | undefined> {
  const [row] = await selectVisits(db, ofRef(ref));
  return row;
}

const ofPatient = (ownerId: string, patientId: string) =>
  and(eq(visits.ownerId, ownerId), eq(visits.patientId, patientId));

/** Strictly after a position in the newest-first order. */
function afterKey(after: VisitKey | null): SQL | undefined {
  return pastKey(visits.occurredAt, visits.id, after, '<');
}

/** One page of a patient's visits, newest first. */
export async function listVisits(
  db: Db,
  {
    ownerId,
    patientId,
    after,
    limit,
  }: { ownerId: string; patientId: string; after: VisitKey | null; limit: number },
): Promise<VisitRecord[]> {
  return selectVisits(db, and(ofPatient(ownerId, patientId), afterKey(after)), { limit });
}

/** A patient's signed visits, newest first, at most `limit`: what a linked patient may see. */
export async function listSignedVisits(
  db: Db,
  { ownerId, patientId, limit }: { ownerId: string; patientId: string; limit: number },
): Promise<VisitRecord[]> {
  return selectVisits(db, and(ofPatient(ownerId, patientId), isNotNull(visits.signedAt)), {
    limit,
  });
}

/** Sets whether a visit's notes reach a linked patient; undefined when there is no such visit. */
export async function setPatientSharing(
  db: DbOrTx,
  { sharing, ...ref }: VisitRef & { sharing: TVisitPatientSharing },
): Promise<string | undefined> {
  const [row] = await db
    .update(visits)
    .set({ patientSharing: sharing, updatedAt: nextVersion(visits.updatedAt) })
    .where(ofRef(ref))
    .returning({ id: visits.id });
  return row?.id;
}

export async function countVisits(
  db: Db,
  { ownerId, patientId }: { ownerId: string; patientId: string },
): Promise<number> {
  return countRows(db, visits, ofPatient(ownerId, patientId));
}

export async function insertVisit(
  db: DbOrTx,
  { ownerId, patientId, values }: { ownerId: string; patientId: string; values: VisitValues },
): Promise<string> {
  const [row] = await db
    .insert(visits)
    .values({ ownerId, patientId, ...values })
    .returning({ id: visits.id });
  return row!.id;
}

/** `updatedAt` moves forward by at least 1 ms: every change is a new ETag. */
const CHANGED = {
  updatedAt: nextVersion(visits.updatedAt),
};

/** An unsigned visit of the owner; with `versions` (from If-Match) only when it is one of them. */
function isOpenVersion(ref: VisitRef, versions: Date[] | null) {
  return and(ofRef(ref), isNull(visits.signedAt), isOneOfVersions(visits.updatedAt, versions));
}

/** Replaces an unsigned visit's notes and vitals; undefined when signed or not that version. */
export async function updateVisit(
  db: DbOrTx,
  { values, versions, ...ref }: VisitRef & { values: VisitValues; versions: Date[] | null },
): Promise<string | undefined> {
  const [row] = await db
    .update(visits)
    .set({ ...values, ...CHANGED })
    .where(isOpenVersion(ref, versions))
    .returning({ id: visits.id });
  return row?.id;
}

/** Signs an unsigned visit (same If-Match rule as an update). */
export async function signVisit(
  db: DbOrTx,
  { versions, signerId, ...ref }: VisitRef & { versions: Date[] | null; signerId: string },
): Promise<string | undefined> {
  const [row] = await db
    .update(visits)
    .set({ signedAt: sql`date_trunc('milliseconds', now())`, signedBy: signerId, ...CHANGED })
    .where(isOpenVersion(ref, versions))
    .returning({ id: visits.id });
  return row?.id;
}

/** Appends an addendum to a signed visit and moves its `updatedAt` (a new ETag). */
export async function insertAddendum(
  db: DbOrTx,
  { authorId, text, ...ref }: VisitRef & { authorId: string; text: string },
): Promise<string | undefined> {
  const [touched] = await db
    .update(visits)
    .set(CHANGED)
    .where(and(ofRef(ref), sql`${visits.signedAt} is not null`))
    .returning({ id: visits.id });
  if (!touched) return undefined;
  const [row] = await db
    .insert(visitAddenda)
    .values({ visitId: touched.id, authorId, text })
    .returning({ id: visitAddenda.id });
  return row!.id;
}

/**
 * One batch of the owner's visits for the export, newest first: only those of live patients,
 * since the export leaves the trash out.
 */
export async function findVisitsToExport(
  db: DbOrTx,
  { ownerId, after, limit }: { ownerId: string; after: VisitKey | null; limit: number },
): Promise<VisitRecord[]> {
  const live = db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.ownerId, ownerId), isNull(patients.deletedAt)));
  return selectVisits(
    db,
    and(eq(visits.ownerId, ownerId), inArray(visits.patientId, live), afterKey(after)),
    { limit },
  );
}

/**
 * The owner's visits whose reason or notes contain `fragment` (case-insensitive), newest first:
 * the trigram index finds the candidates (measured in bench/visits.ts).
 */
export async function searchVisitNotes(
  db: Db,
  { ownerId, fragment, limit }: { ownerId: string; fragment: string; limit: number },
): Promise<{ id: string; patientId: string; occurredAt: Date }[]> {
  const pattern = `%${fragment.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: visits.id, patientId: visits.patientId, occurredAt: visits.occurredAt })
    .from(visits)
    .where(and(eq(visits.ownerId, ownerId), sql`${visits.searchText} like ${pattern}`))
    .orderBy(desc(visits.occurredAt), desc(visits.id))
    .limit(limit);
}
