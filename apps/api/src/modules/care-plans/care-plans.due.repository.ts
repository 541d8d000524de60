import { and, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
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

/** Adds due rows (existing ones stay): one statement and one parameter, however many rows. */
export async function insertDueRows(db: DbOrTx, rows: DueRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into care_plan_due (care_plan_id, activity_id, owner_id, patient_id, occurs_on, activity_order)
    select "carePlanId", "activityId", "ownerId", "patientId", "occursOn", "activityOrder"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as row("carePlanId" uuid,
      "activityId" uuid, "ownerId" uuid, "patientId" uuid, "occursOn" date, "activityOrder" smallint)
    on conflict do nothing`);
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
 * Active plans of live patients whose due rows may be behind `latestDay` (the latest day any
 * clock can show, or the exact day a read needs), with their owner's zone: never worked out, or
 * an occurrence has come since. By id, at most `limit` after `afterId`, so a sweep goes through
 * them in batches.
 */
export function findPlansBehind(
  db: DbOrTx,
  {
    ownerId,
    patientId,
    isMembersOnly,
    latestDay,
    afterId,
    limit,
  }: {
    ownerId?: string;
    patientId?: string;
    isMembersOnly: boolean;
    latestDay: string;
    afterId?: string;
    limit: number;
  },
) {
  return db
    .select({
      id: carePlans.id,
      dueThrough: carePlans.dueThrough,
      nextDueOn: carePlans.nextDueOn,
      timeZone: users.timeZone,
    })
    .from(carePlans)
    .innerJoin(patients, and(eq(patients.id, carePlans.patientId), isNull(patients.deletedAt)))
    .innerJoin(users, eq(users.id, carePlans.ownerId))
    .where(
      and(
        eq(carePlans.status, 'active'),
        ownerId === undefined ? undefined : eq(carePlans.ownerId, ownerId),
        patientId === undefined ? undefined : eq(carePlans.patientId, patientId),
        isMembersOnly ? eq(users.isPremium, true) : undefined,
        afterId === undefined ? undefined : gt(carePlans.id, afterId),
        or(
          isNull(carePlans.dueThrough),
          and(lt(carePlans.dueThrough, latestDay), lte(carePlans.nextDueOn, latestDay)),
        ),
      ),
    )
    .orderBy(carePlans.id)
    .limit(limit);
}

/**
 * The day of the owner's `offset`-th (from 0) stored due row between two days, oldest first,
 * counting only active plans of live patients; null when there are not that many. The plan and
 * patient are looked up per row (subplans, not joins), so PostgreSQL walks the (owner, day)
 * index in order and stops at the offset whatever it estimates the joins keep; joined, a low
 * estimate makes it read and sort every row of the window (91,000: 100 to 300 ms) to keep 500.
 */
export async function findDueCutoff(
  db: DbOrTx,
  { ownerId, from, to, offset }: { ownerId: string; from: string; to: string; offset: number },
): Promise<string | null> {
  const { rows } = await db.execute<{ day: string }>(sql`
    select to_char(d.occurs_on, 'YYYY-MM-DD') as day
    from care_plan_due d
    where d.owner_id = ${ownerId} and d.occurs_on between ${from} and ${to}
      and (select cp.status = 'active' from care_plans cp where cp.id = d.care_plan_id)
      and (select p.deleted_at is null from patients p where p.id = d.patient_id)
    order by d.occurs_on
    offset ${offset} limit 1`);
  return rows[0]?.day ?? null;
}

export interface DueOccurrenceRow extends Record<string, unknown> {
  carePlanId: string;
  activityId: string;
  occursOn: string;
  patientId: string;
  patientName: string;
  carePlanTitle: string;
  activityTitle: string;
}

/** An order of the page's rows, inside it (`d`, `p`, `cp`) and outside (`page`): trusted SQL. */
interface PageOrder {
  inner: string;
  outer: string;
}

/** Today's: by day, patient name, plan (oldest first) and the activity's place in it. */
const OLDEST_FIRST: PageOrder = {
  inner: 'd.occurs_on, p.name, cp.created_at, d.care_plan_id, d.activity_order',
  outer:
    'page.occurs_on, page.patient_name, page.created_at, page.care_plan_id, page.activity_order',
};
/** The timeline's: by day and activity id, newest first (its keyset). */
const NEWEST_FIRST: PageOrder = {
  inner: 'd.occurs_on desc, d.activity_id desc',
  outer: 'page.occurs_on desc, page.activity_id desc',
};

/**
 * One page of due rows of active plans of live patients, and only then the activities' titles
 * (from their plans' activities, where the row's `activity_order` points): the order and the
 * limit are served by the indexes, and only the page's rows are looked up.
 */
async function duePage(
  db: DbOrTx,
  { where, order, limit }: { where: SQL; order: PageOrder; limit: number },
): Promise<DueOccurrenceRow[]> {
  const { rows } = await db.execute<DueOccurrenceRow>(sql`
    select page.care_plan_id as "carePlanId", page.activity_id as "activityId",
      to_char(page.occurs_on, 'YYYY-MM-DD') as "occursOn", page.patient_id as "patientId",
      page.patient_name as "patientName", plan.title as "carePlanTitle",
      coalesce(plan.activities -> page.activity_order ->> 'title', '') as "activityTitle"
    from (
      select d.care_plan_id, d.activity_id, d.occurs_on, d.patient_id, d.activity_order,
        p.name as patient_name, cp.created_at
      from care_plan_due d
      join care_plans cp on cp.id = d.care_plan_id and cp.status = 'active'
      join patients p on p.id = d.patient_id and p.deleted_at is null
      where ${where}
      order by ${sql.raw(order.inner)}
      limit ${limit}
    ) page
    join care_plans plan on plan.id = page.care_plan_id
    order by ${sql.raw(order.outer)}`);
  return rows;
}

/** The owner's oldest unmarked occurrences between two days; at most `limit`. */
export function findOldestDue(
  db: DbOrTx,
  { ownerId, from, to, limit }: { ownerId: string; from: string; to: string; limit: number },
) {
  return duePage(db, {
    where: sql`d.owner_id = ${ownerId} and d.occurs_on between ${from} and ${to}`,
    order: OLDEST_FIRST,
    limit,
  });
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
  return duePage(db, {
    where: sql`d.owner_id = ${ownerId} and d.patient_id = ${patientId}
      and d.occurs_on between ${from} and ${to}`,
    order: NEWEST_FIRST,
    limit,
  });
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
