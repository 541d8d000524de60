import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { patientRecord } from './patients.ts';

/**
 * A practitioner's appointments. Instants are UTC (`timestamptz`); the end is stored rather
 * than computed so that the exclusion constraints of the migration (0004) can index
 * `tstzrange(starts_at, ends_at)`: no two live appointments (booked, arrived, fulfilled) of one
 * owner, nor of one patient, overlap. drizzle cannot express EXCLUDE, so those live in the
 * migration's hand-written tail.
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
    check(
      'appointments_status_check',
      sql`${table.status} in ('booked', 'arrived', 'fulfilled', 'cancelled', 'no-show')`,
    ),
  ],
);

export type AppointmentRow = typeof appointments.$inferSelect;
