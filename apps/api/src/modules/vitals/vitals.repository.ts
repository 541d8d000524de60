import { and, desc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countRows } from '../../db/rows.ts';
import { visits } from '../../db/schema/visits.ts';

/** Every query is scoped by owner and patient: there is no function here without both. */
interface Scope {
  ownerId: string;
  patientId: string;
}

/** The patient's visits that measured a weight or a blood pressure. */
const measured = ({ ownerId, patientId }: Scope): SQL | undefined =>
  and(
    eq(visits.ownerId, ownerId),
    eq(visits.patientId, patientId),
    or(isNotNull(visits.weight), isNotNull(visits.systolic), isNotNull(visits.diastolic)),
  );

/**
 * The newest `limit` measured visits, oldest first: read newest first along the
 * (patient, occurred_at desc) index, then turned, so a long history costs `limit` rows.
 */
export async function listVitals(db: Db, scope: Scope & { limit: number }) {
  const rows = await db
    .select({
      visitId: visits.id,
      occurredAt: visits.occurredAt,
      systolic: visits.systolic,
      diastolic: visits.diastolic,
      weight: visits.weight,
    })
    .from(visits)
    .where(measured(scope))
    .orderBy(desc(visits.occurredAt), desc(visits.id))
    .limit(scope.limit);
  return rows.reverse();
}

export async function countVitals(db: Db, scope: Scope): Promise<number> {
  return countRows(db, visits, measured(scope));
}
