import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { carePlanMarks, carePlans, type CarePlanMarkRow } from '../../db/schema/care-plans.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createClinicalStore } from '../clinical/clinical.repository.ts';

/**
 * The SQL of care plans beyond the store they share with the other clinical items: the marks
 * on occurrences and the Today list. Every query is scoped by owner.
 */
export const carePlanStore = createClinicalStore(carePlans);

/** A mark with the name of whoever set it. */
export type MarkWithName = CarePlanMarkRow & { markedByName: string };

/** The marks of some plans between two days (inclusive). */
export async function findMarks(
  db: DbOrTx,
  {
    ownerId,
    carePlanIds,
    from,
    to,
  }: { ownerId: string; carePlanIds: string[]; from: string; to: string },
): Promise<MarkWithName[]> {
  if (carePlanIds.length === 0) return [];
  const rows = await db
    .select({ mark: carePlanMarks, markedByName: users.name })
    .from(carePlanMarks)
    .innerJoin(users, eq(users.id, carePlanMarks.markedBy))
    .where(
      and(
        eq(carePlanMarks.ownerId, ownerId),
        inArray(carePlanMarks.carePlanId, carePlanIds),
        gte(carePlanMarks.occursOn, from),
        lte(carePlanMarks.occursOn, to),
      ),
    );
  return rows.map(({ mark, markedByName }) => ({ ...mark, markedByName }));
}

/** Sets (or replaces) the mark of one occurrence. */
export async function upsertMark(
  db: DbOrTx,
  values: Pick<
    CarePlanMarkRow,
    'ownerId' | 'carePlanId' | 'activityId' | 'occursOn' | 'mark' | 'markedBy' | 'markedAt'
  >,
): Promise<CarePlanMarkRow> {
  const [row] = await db
    .insert(carePlanMarks)
    .values(values)
    .onConflictDoUpdate({
      target: [carePlanMarks.carePlanId, carePlanMarks.activityId, carePlanMarks.occursOn],
      set: { mark: values.mark, markedBy: values.markedBy, markedAt: values.markedAt },
    })
    .returning();
  return row!;
}

/** Takes the mark of one occurrence back (it is due again). */
export async function deleteMark(
  db: DbOrTx,
  {
    ownerId,
    carePlanId,
    activityId,
    occursOn,
  }: { ownerId: string; carePlanId: string; activityId: string; occursOn: string },
): Promise<void> {
  await db
    .delete(carePlanMarks)
    .where(
      and(
        eq(carePlanMarks.ownerId, ownerId),
        eq(carePlanMarks.carePlanId, carePlanId),
        eq(carePlanMarks.activityId, activityId),
        eq(carePlanMarks.occursOn, occursOn),
      ),
    );
}

/**
 * The owner's active plans of live patients (or of one of them, for its timeline), with the
 * patient's name, for the Today list.
 */
export async function findActivePlansWithPatients(
  db: DbOrTx,
  { ownerId, patientId }: { ownerId: string; patientId?: string },
) {
  return db
    .select({ plan: carePlans, patientName: patients.name })
    .from(carePlans)
    .innerJoin(patients, eq(patients.id, carePlans.patientId))
    .where(
      and(
        eq(carePlans.ownerId, ownerId),
        patientId === undefined ? undefined : eq(carePlans.patientId, patientId),
        eq(carePlans.status, 'active'),
        eq(patients.ownerId, ownerId),
        isNull(patients.deletedAt),
      ),
    )
    .orderBy(asc(carePlans.createdAt), asc(carePlans.id));
}

/** The user's IANA time zone (null: UTC) and name. */
export async function findUserClock(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ timeZone: users.timeZone, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
