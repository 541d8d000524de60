import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { carePlanMarks, carePlans, type CarePlanMarkRow } from '../../db/schema/care-plans.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';
import type { DbOrTx } from '../../db/client.ts';
import { countRows } from '../../db/rows.ts';
import { createClinicalStore } from '../../patient-owned/items.repository.ts';

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

/** The user's IANA time zone (null: UTC) and name. */
export async function findUserClock(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ timeZone: users.timeZone, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * How many active plans the patient has besides `exceptId`, the patient's row locked until the
 * transaction ends so that two saves at once cannot both pass the limit.
 */
export async function countOtherActivePlans(
  tx: DbOrTx,
  { ownerId, patientId, exceptId }: { ownerId: string; patientId: string; exceptId?: string },
): Promise<number> {
  await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.ownerId, ownerId)))
    .for('update');
  return countRows(
    tx,
    carePlans,
    and(
      eq(carePlans.ownerId, ownerId),
      eq(carePlans.patientId, patientId),
      eq(carePlans.status, 'active'),
      exceptId === undefined ? undefined : ne(carePlans.id, exceptId),
    ),
  );
}
