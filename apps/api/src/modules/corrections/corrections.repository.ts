import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { TCorrectionAboutKind, TCorrectionStatus } from '@portal/shared/correction';
import type { Db, DbOrTx } from '../../db/client.ts';
import { patientCorrections } from '../../db/schema/corrections.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';

/** One practitioner's patient: every query below is scoped by both. */
export interface PatientScope {
  ownerId: string;
  patientId: string;
}

const columns = {
  id: patientCorrections.id,
  ownerId: patientCorrections.ownerId,
  patientId: patientCorrections.patientId,
  requestedBy: patientCorrections.requestedBy,
  aboutKind: patientCorrections.aboutKind,
  aboutId: patientCorrections.aboutId,
  text: patientCorrections.text,
  status: patientCorrections.status,
  answer: patientCorrections.answer,
  requestedAt: patientCorrections.requestedAt,
  answeredAt: patientCorrections.answeredAt,
  requestedByName: sql<string>`coalesce(${users.name}, '')`,
};

export type CorrectionRecord = {
  id: string;
  ownerId: string;
  patientId: string;
  requestedBy: string | null;
  aboutKind: TCorrectionAboutKind | null;
  aboutId: string | null;
  text: string;
  status: TCorrectionStatus;
  answer: string;
  requestedAt: Date;
  answeredAt: Date | null;
  requestedByName: string;
};

const scoped = ({ ownerId, patientId }: PatientScope) =>
  and(eq(patientCorrections.ownerId, ownerId), eq(patientCorrections.patientId, patientId));

/**
 * Holds the patient's row until the transaction ends, so two requests made at once count each
 * other's open requests (the limit) instead of both seeing nineteen.
 */
export async function lockPatient(tx: DbOrTx, { ownerId, patientId }: PatientScope) {
  await tx.execute(
    sql`select 1 from ${patients} where ${patients.id} = ${patientId} and ${patients.ownerId} = ${ownerId} for no key update`,
  );
}

export async function countOpen(tx: DbOrTx, scope: PatientScope): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(patientCorrections)
    .where(and(scoped(scope), eq(patientCorrections.status, 'requested')));
  return row?.n ?? 0;
}

export async function insertCorrection(
  tx: DbOrTx,
  values: PatientScope & {
    requestedBy: string;
    aboutKind: TCorrectionAboutKind | null;
    aboutId: string | null;
    text: string;
  },
) {
  const [row] = await tx
    .insert(patientCorrections)
    .values(values)
    .returning({ id: patientCorrections.id });
  return row!.id;
}

/**
 * The patient's requests, newest first; with `isOpenFirst`, the open ones before the answered
 * (the practitioner's list: what is waiting for them comes first).
 */
export async function listCorrections(
  db: Db,
  { limit, isOpenFirst = false, ...scope }: PatientScope & { limit: number; isOpenFirst?: boolean },
): Promise<CorrectionRecord[]> {
  return db
    .select(columns)
    .from(patientCorrections)
    .leftJoin(users, eq(users.id, patientCorrections.requestedBy))
    .where(scoped(scope))
    .orderBy(
      ...(isOpenFirst ? [sql`${patientCorrections.status} = 'requested' desc`] : []),
      desc(patientCorrections.requestedAt),
      asc(patientCorrections.id),
    )
    .limit(limit);
}

export async function findCorrection(
  db: DbOrTx,
  { id, ...scope }: PatientScope & { id: string },
): Promise<CorrectionRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(patientCorrections)
    .leftJoin(users, eq(users.id, patientCorrections.requestedBy))
    .where(and(scoped(scope), eq(patientCorrections.id, id)))
    .limit(1);
  return row;
}

/**
 * Answers an open request. Conditional on its still being open, so of two answers at once the
 * second updates nothing (undefined) and is told the request was already answered.
 */
export async function answerCorrection(
  tx: DbOrTx,
  {
    id,
    status,
    answer,
    answeredBy,
    at,
    ...scope
  }: PatientScope & {
    id: string;
    status: 'accepted' | 'declined';
    answer: string;
    answeredBy: string;
    at: Date;
  },
) {
  const [row] = await tx
    .update(patientCorrections)
    .set({ status, answer, answeredBy, answeredAt: at })
    .where(
      and(scoped(scope), eq(patientCorrections.id, id), eq(patientCorrections.status, 'requested')),
    )
    .returning({ id: patientCorrections.id });
  return row?.id;
}

export type ExportKey = [requestedAt: string, id: string];

/** The owner's requests on live patients, oldest first, after `after`: the export's batches. */
export async function findCorrectionsToExport(
  db: Db,
  { ownerId, after, limit }: { ownerId: string; after: ExportKey | null; limit: number },
): Promise<CorrectionRecord[]> {
  const at = after && new Date(after[0]);
  return db
    .select(columns)
    .from(patientCorrections)
    .innerJoin(patients, eq(patients.id, patientCorrections.patientId))
    .leftJoin(users, eq(users.id, patientCorrections.requestedBy))
    .where(
      and(
        eq(patientCorrections.ownerId, ownerId),
        isNull(patients.deletedAt),
        at
          ? or(
              gt(patientCorrections.requestedAt, at),
              and(eq(patientCorrections.requestedAt, at), gt(patientCorrections.id, after[1])),
            )
          : undefined,
      ),
    )
    .orderBy(asc(patientCorrections.requestedAt), asc(patientCorrections.id))
    .limit(limit);
}
