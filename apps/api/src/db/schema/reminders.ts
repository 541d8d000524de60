import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { createdAt, instant } from './columns.ts';
import { patientRecord } from './patients.ts';
import { userReference } from './users.ts';

/**
 * Reminders that came: one row per appointment or care-plan occurrence and time.
 * The unique key is what makes a reminder exactly once: the jobs that create them insert with
 * `on conflict do nothing`, so a sweep repeated after a crash, or run by two instances at once,
 * adds nothing. A rescheduled appointment has a new `event_at`, hence a reminder of its own.
 */
export const reminders = pgTable(
  'reminders',
  {
    ...patientRecord(),
    source: text('source').notNull(),
    sourceId: uuid('source_id').notNull(),
    /** When the appointment starts, or the activity is due. */
    eventAt: instant('event_at').notNull(),
    createdAt: createdAt(),
    readAt: instant('read_at'),
    /** True while an e-mail is owed (SMTP_URL was set when the reminder came). */
    isEmailPending: boolean('email_pending').notNull().default(false),
    emailSentAt: instant('email_sent_at'),
  },
  (table) => [
    unique('reminders_source_event_key').on(table.source, table.sourceId, table.eventAt),
    // The bell: one owner's newest reminders, and the unread count.
    index('reminders_owner_created_idx').on(table.ownerId, table.createdAt, table.id),
    // The mail sweep reads only what is owed.
    index('reminders_email_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.isEmailPending}`),
    check('reminders_source_check', sql`${table.source} in ('appointment', 'care-plan-activity')`),
  ],
);

export type ReminderRow = typeof reminders.$inferSelect;

/**
 * A linked person's reminder of an appointment of their record: one row per appointment, person
 * and start, written only to be e-mailed. The unique key makes it once per person (not per link:
 * a link ended and made again is the same person) and a moved appointment's new start a reminder
 * of its own, as for the practitioner's.
 */
export const patientReminders = pgTable(
  'patient_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    /** The appointment's start when the reminder came. */
    eventAt: instant('event_at').notNull(),
    createdAt: createdAt(),
    isEmailPending: boolean('email_pending').notNull().default(true),
    emailSentAt: instant('email_sent_at'),
  },
  (table) => [
    unique('patient_reminders_event_key').on(table.appointmentId, table.userId, table.eventAt),
    // A person's reminders go with the person (the cascade from users).
    index('patient_reminders_user_idx').on(table.userId),
    // The mail sweep reads only what is owed.
    index('patient_reminders_email_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.isEmailPending}`),
  ],
);
