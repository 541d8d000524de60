import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  carePlanDue,
  carePlanMarks,
  carePlans,
  type CarePlanRow,
} from '../../db/schema/care-plans.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The SQL of the stored due occurrences (care_plan_due) and of each plan's `due_through` and
 * `next_due_on`. Reads are scoped by owner; the sweep's are scoped to members.
 */

export type DueRow = typeof carePlanDue.$inferInsert;

/** The plan, locked until the transaction ends, so a mark and a refresh cannot cross. */
export async function lockPlan(tx: DbOrTx, id: string): Promise<CarePlanRow | undefined> {
  const [row] = await tx.select().from(carePlans).where(eq(carePlans.id, id)).for('update');
  return row;
}

/** `activityId/day` of every mark on the plan between two days (inclusive). */
export async function findMarkedDays(
  db: DbOrTx,
  { carePlanId, from, to }: { carePlanId: string; from: string; to: string },
): Promise<Set<string>> {
  const rows = await db
    .select({ activityId: carePlanMarks.activityId, occursOn: carePlanMarks.occursOn })
    .from(carePlanMarks)
    .where(
      and(
        eq(carePlanMarks.carePlanId, carePlanId),
        gte(carePlanMarks.occursOn, from),
        lte(carePlanMarks.occursOn, to),
      ),
    );
  return new Set(rows.map((row) => `${row.activityId}/${row.occursOn}`));
}

const INSERT_CHUNK = 2000;

export async function insertDueRows(db: DbOrTx, rows: DueRow[]): Promise<void> {
  for (let index = 0; index < rows.length; index += INSERT_CHUNK) {
    await db
      .insert(carePlanDue)
      .values(rows.slice(index, index + INSERT_CHUNK))
      .onConflictDoNothing();
  }
}

export async function deletePlanDueRows(db: DbOrTx, carePlanId: string): Promise<void> {
  await db.delete(carePlanDue).where(eq(carePlanDue.carePlanId, carePlanId));
}

export async function deleteDueRow(
  db: DbOrTx,
  {
    carePlanId,
    activityId,
    occursOn,
  }: { carePlanId: string; activityId: string; occursOn: string },
): Promise<void> {
  await db
    .delete(carePlanDue)
    .where(
      and(
        eq(carePlanDue.carePlanId, carePlanId),
        eq(carePlanDue.activityId, activityId),
        eq(carePlanDue.occursOn, occursOn),
      ),
    );
}

/** Records how far the plan's due rows reach; `updated_at` (its ETag) stays as it is. */
export async function setDueState(
  db: DbOrTx,
  { id, dueThrough, nextDueOn }: { id: string; dueThrough: string; nextDueOn: string | null },
): Promise<void> {
  await db.update(carePlans).set({ dueThrough, nextDueOn }).where(eq(carePlans.id, id));
}

/**
 * Active plans of live patients whose due rows may be behind `latestToday` (the latest day any
 * clock can show), with their owner's zone: never worked out, or an occurrence has come since.
 */
export async function findPlansBehind(
  db: DbOrTx,
  {
    ownerId,
    patientId,
    isMembersOnly,
    latestToday,
  }: { ownerId?: string; patientId?: string; isMembersOnly: boolean; latestToday: string },
) {
  return db
    .select({ id: carePlans.id, timeZone: users.timeZone })
    .from(carePlans)
    .innerJoin(patients, and(eq(patients.id, carePlans.patientId), isNull(patients.deletedAt)))
    .innerJoin(users, eq(users.id, carePlans.ownerId))
    .where(
      and(
        eq(carePlans.status, 'active'),
        ownerId === undefined ? undefined : eq(carePlans.ownerId, ownerId),
        patientId === undefined ? undefined : eq(carePlans.patientId, patientId),
        isMembersOnly ? eq(users.isPremium, true) : undefined,
        or(
          isNull(carePlans.dueThrough),
          and(lt(carePlans.dueThrough, latestToday), lte(carePlans.nextDueOn, latestToday)),
        ),
      ),
    );
}

/** The activity's title and place in its plan, looked up in the plan's activities. */
const activityOf = sql`lateral (
  select a.value->>'title' as title, a.ord
  from jsonb_array_elements(${carePlans.activities}) with ordinality as a(value, ord)
  where a.value->>'id' = ${carePlanDue.activityId}::text
  limit 1) activity`;

const dueSelection = {
  carePlanId: carePlanDue.carePlanId,
  activityId: carePlanDue.activityId,
  occursOn: carePlanDue.occursOn,
  patientId: carePlanDue.patientId,
  patientName: patients.name,
  carePlanTitle: carePlans.title,
  activityTitle: sql<string>`activity.title`,
};

function dueOfActivePlans(db: DbOrTx) {
  return db
    .select(dueSelection)
    .from(carePlanDue)
    .innerJoin(
      carePlans,
      and(eq(carePlans.id, carePlanDue.carePlanId), eq(carePlans.status, 'active')),
    )
    .innerJoin(patients, and(eq(patients.id, carePlanDue.patientId), isNull(patients.deletedAt)))
    .innerJoin(activityOf, sql`true`);
}

export type DueOccurrenceRow = Awaited<ReturnType<typeof findOldestDue>>[number];

/**
 * The owner's oldest unmarked occurrences between two days of active plans of live patients:
 * by day, patient name, plan and activity order; at most `limit`.
 */
export function findOldestDue(
  db: DbOrTx,
  { ownerId, from, to, limit }: { ownerId: string; from: string; to: string; limit: number },
) {
  return dueOfActivePlans(db)
    .where(
      and(
        eq(carePlanDue.ownerId, ownerId),
        gte(carePlanDue.occursOn, from),
        lte(carePlanDue.occursOn, to),
      ),
    )
    .orderBy(
      carePlanDue.occursOn,
      patients.name,
      carePlans.createdAt,
      carePlans.id,
      sql`activity.ord`,
    )
    .limit(limit);
}

/** One patient's newest unmarked occurrences between two days; at most `limit`. */
export function findNewestDueOfPatient(
  db: DbOrTx,
  {
    ownerId,
    patientId,
    from,
    to,
    limit,
  }: { ownerId: string; patientId: string; from: string; to: string; limit: number },
) {
  return dueOfActivePlans(db)
    .where(
      and(
        eq(carePlanDue.ownerId, ownerId),
        eq(carePlanDue.patientId, patientId),
        gte(carePlanDue.occursOn, from),
        lte(carePlanDue.occursOn, to),
      ),
    )
    .orderBy(sql`${carePlanDue.occursOn} desc`, sql`${carePlanDue.activityId} desc`)
    .limit(limit);
}

/**
 * Members' unmarked occurrences on the given days (any clock's today lies among them) of active
 * plans of live patients, with the owner's zone: what the reminders sweep reminds of.
 */
export function findMembersDueOn(db: DbOrTx, days: string[]) {
  return db
    .select({
      ownerId: carePlanDue.ownerId,
      patientId: carePlanDue.patientId,
      activityId: carePlanDue.activityId,
      occursOn: carePlanDue.occursOn,
      timeZone: users.timeZone,
    })
    .from(carePlanDue)
    .innerJoin(
      carePlans,
      and(eq(carePlans.id, carePlanDue.carePlanId), eq(carePlans.status, 'active')),
    )
    .innerJoin(patients, and(eq(patients.id, carePlanDue.patientId), isNull(patients.deletedAt)))
    .innerJoin(users, and(eq(users.id, carePlanDue.ownerId), eq(users.isPremium, true)))
    .where(inArray(carePlanDue.occursOn, days));
}

/** Drops the rows no window reaches any more. */
export async function pruneDueBefore(db: DbOrTx, day: string): Promise<void> {
  await db.delete(carePlanDue).where(lt(carePlanDue.occursOn, day));
}
