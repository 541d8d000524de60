import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TCarePlanActivity, TCarePlanGoal } from '@portal/shared/care-plan';
import { instant, timestamps } from './columns.ts';
import { patientRecord, patients } from './patients.ts';
import { ownedRow, userReference } from './users.ts';

/**
 * A patient's care plans (members only). Goals and activities are small lists that
 * are always read and replaced with their plan, so they live in the plan's row; occurrences
 * are computed from each activity's rule, and only their marks (done, skipped) are stored.
 */
export const carePlans = pgTable(
  'care_plans',
  {
    ...patientRecord(),
    ...timestamps(),
    title: text('title').notNull(),
    status: text('status').notNull().default('active'),
    goals: jsonb('goals').$type<TCarePlanGoal[]>().notNull().default([]),
    activities: jsonb('activities').$type<TCarePlanActivity[]>().notNull().default([]),
    /**
     * The last day (owner's clock) whose unmarked occurrences are in care_plan_due; null until
     * the plan's occurrences were first worked out (a plan stored before the table existed).
     */
    dueThrough: date('due_through', { mode: 'string' }),
    /** The first day after `dueThrough` any activity occurs on; null when none ever will. */
    nextDueOn: date('next_due_on', { mode: 'string' }),
  },
  (table) => [
    index('care_plans_patient_created_idx').on(table.patientId, table.createdAt, table.id),
    // The export, and the Today list: one owner's plans.
    index('care_plans_owner_created_idx').on(table.ownerId, table.createdAt, table.id),
    check('care_plans_status_check', sql`${table.status} in ('active', 'on-hold', 'completed')`),
  ],
);

/** A mark on one occurrence of an activity: done or skipped, by whom and when. */
export const carePlanMarks = pgTable(
  'care_plan_marks',
  {
    ...ownedRow(),
    carePlanId: uuid('care_plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id').notNull(),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    mark: text('mark').notNull(),
    markedBy: userReference('marked_by'),
    markedAt: instant('marked_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('care_plan_marks_occurrence_idx').on(
      table.carePlanId,
      table.activityId,
      table.occursOn,
    ),
    check('care_plan_marks_mark_check', sql`${table.mark} in ('done', 'skipped')`),
  ],
);

/**
 * The unmarked occurrences of each activity up to its plan's `due_through`, so that Today, the
 * timeline and the reminders sweep read rows from an index instead of expanding every rule on
 * every read. Kept by care-plans.due.ts: a plan's create and update rewrite its rows, a mark
 * deletes (or, taken back, restores) one, and each new day adds the occurrences that came.
 * Rows older than the Today window are of no use and are pruned by the sweep.
 */
export const carePlanDue = pgTable(
  'care_plan_due',
  {
    carePlanId: uuid('care_plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id').notNull(),
    ownerId: userReference('owner_id'),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    /** The activity's place in its plan: the order of one plan's activities on one day. */
    activityOrder: smallint('activity_order').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.carePlanId, table.activityId, table.occursOn] }),
    // Today: one owner's oldest first; the timeline: one patient's newest first.
    index('care_plan_due_owner_day_idx').on(table.ownerId, table.occursOn),
    index('care_plan_due_patient_day_idx').on(
      table.ownerId,
      table.patientId,
      table.occursOn,
      table.activityId,
    ),
  ],
);

export type CarePlanRow = typeof carePlans.$inferSelect;
export type CarePlanMarkRow = typeof carePlanMarks.$inferSelect;
