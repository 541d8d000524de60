import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { patientRecord } from './patients.ts';
import { users } from './users.ts';

/**
 * A practitioner's appointments. Instants are UTC (`timestamptz`); the end is stored rather
 * than computed so that the exclusion constraints of the migration (0004) can index
 * `tstzrange(starts_at, ends_at)`: no two live appointments (requested, booked, arrived,
 * fulfilled) of one owner, nor of one patient, overlap. drizzle cannot express EXCLUDE, so those
 * live in the migrations' hand-written tails (0004, redrawn by 0027 with `requested`).
 */
export const appointments = pgTable(
  'appointments',
  {
    ...patientRecord(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('booked'),
    /** Who booked it online from the directory (null: the practitioner made it). */
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    /** A request's deadline: unless confirmed by then, the expiry job cancels it. */
    requestExpiresAt: instant('request_expires_at'),
    /** Why the portal cancelled it: `declined` or `expired` (null for any other cancellation). */
    cancelReason: text('cancel_reason'),
    /** The practitioner's words to the patient when declining a request ('' for none). */
    declineMessage: text('decline_message'),
    /** iCalendar SEQUENCE: raised by every change, so calendar apps replace their copy. */
    sequence: integer('sequence').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    // The agenda: one owner's appointments in a time range, keyset-paged by (start, id).
    index('appointments_owner_start_idx').on(table.ownerId, table.startsAt, table.id),
    // A patient's appointments (patient details), and the cascade from a purged patient.
    index('appointments_patient_start_idx').on(table.patientId, table.startsAt),
    // The reminder sweep: booked appointments of every owner starting soon.
    index('appointments_booked_start_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'booked'`),
    check(
      'appointments_duration_check',
      sql`${table.endsAt} - ${table.startsAt} between interval '5 minutes' and interval '480 minutes'`,
    ),
    check('appointments_kind_check', sql`${table.kind} in ('in-person', 'video', 'phone')`),
    // The practitioner's open requests, soonest first (and the count of a booker's).
    index('appointments_requested_owner_start_idx')
      .on(table.ownerId, table.startsAt, table.id)
      .where(sql`${table.status} = 'requested'`),
    index('appointments_requested_booker_idx')
      .on(table.bookedBy)
      .where(sql`${table.status} = 'requested'`),
    // The expiry job: requests whose deadline has passed.
    index('appointments_requested_expiry_idx')
      .on(table.requestExpiresAt)
      .where(sql`${table.status} = 'requested'`),
    check(
      'appointments_status_check',
      sql`${table.status} in ('requested', 'booked', 'arrived', 'fulfilled', 'cancelled', 'no-show')`,
    ),
    check(
      'appointments_cancel_reason_check',
      sql`${table.cancelReason} in ('declined', 'expired')`,
    ),
    check(
      'appointments_request_expiry_check',
      sql`${table.status} <> 'requested' or ${table.requestExpiresAt} is not null`,
    ),
  ],
);

export type AppointmentRow = typeof appointments.$inferSelect;
