import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TCarePlanActivity, TCarePlanGoal } from '@portal/shared/care-plan';
import { instant, timestamps } from './columns.ts';
import { patientRecord } from './patients.ts';
import { ownedRow, userReference } from './users.ts';

/**
 * A patient's care plans (issue 18, members only). Goals and activities are small lists that
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

export type CarePlanRow = typeof carePlans.$inferSelect;
export type CarePlanMarkRow = typeof carePlanMarks.$inferSelect;
