import { getTableColumns } from 'drizzle-orm';
import type { TAppointment, TAppointmentData } from '@portal/shared/appointment';
import { toWallTime } from '@portal/shared/zoned-time';
import { appointments, type AppointmentRow } from '../../db/schema/appointments.ts';
import { isoFromUtcText } from '../patients/patients.fields.ts';

/**
 * The appointment is defined twice, on purpose, and only twice (as every entity is): the
 * drizzle table (db/schema/appointments.ts, storage) and the shared zod schema
 * (packages/shared/src/appointment.ts, what the form sends and the API answers). The SQL column
 * list and the API shape are derived here from those two.
 */

/** Columns the database keeps for itself. */
type Bookkeeping = 'id' | 'ownerId' | 'sequence' | 'createdAt' | 'updatedAt';

/**
 * A request's columns: written by an online booking (who booked, the deadline) and by its
 * answer or expiry (why it was cancelled, the message), never by the practitioner's form.
 */
export type RequestColumns = 'bookedBy' | 'requestExpiresAt' | 'cancelReason' | 'declineMessage';

/** What the practitioner's form stores for an appointment: every other column. */
export type AppointmentValues = Omit<AppointmentRow, Bookkeeping | RequestColumns>;

// The two definitions must name the same fields: the form's start and duration are stored as
// the instants `startsAt` and `endsAt` (the exclusion constraints index that range).
type InputKeys = Exclude<keyof TAppointmentData, 'start' | 'duration'> | 'startsAt' | 'endsAt';
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const hasSameFields: SameKeys<InputKeys, keyof AppointmentValues> = true;
void hasSameFields;

const MINUTE_MS = 60_000;

/** What the form sent, as stored: instants in UTC, the end from the duration. */
export function toStoredValues(input: TAppointmentData): AppointmentValues {
  const { start, duration, ...rest } = input;
  const startsAt = new Date(start);
  return { ...rest, startsAt, endsAt: new Date(startsAt.getTime() + duration * MINUTE_MS) };
}

/** A stored appointment with what the answer needs from elsewhere: the patient and the zone. */
export type AppointmentRecord = AppointmentRow & { patientName: string; timeZone: string };

const columns = getTableColumns(appointments);

const TIME_KEYS = Object.entries(columns)
  .filter(([, column]) => column.columnType === 'PgTimestamp')
  .map(([key]) => key) as (keyof AppointmentRow)[];

/**
 * `a.<column> as "<property>"` for every column, in table order, for hand-written SQL. drizzle's
 * `execute` hands timestamps over as PostgreSQL prints them, so they are asked for as UTC text
 * (as the patients' audited statements do) and read by `fromSqlRow`.
 */
export const SELECTED_COLUMNS = Object.entries(columns)
  .map(([key, column]) =>
    TIME_KEYS.includes(key as keyof AppointmentRow)
      ? `(a.${column.name} at time zone 'UTC')::text as "${key}"`
      : `a.${column.name} as "${key}"`,
  )
  .join(', ');

/** A row selected with `SELECTED_COLUMNS`, its times as Dates. */
export function fromSqlRow<Row extends Record<string, unknown>>(row: Row): Row {
  const converted: Record<string, unknown> = { ...row };
  for (const key of TIME_KEYS) {
    const value = row[key];
    if (typeof value === 'string') converted[key] = new Date(isoFromUtcText(value));
  }
  return converted as Row;
}

/** A stored appointment as the API answers it, with the practitioner's wall-clock start. */
export function toApiAppointment(row: AppointmentRecord): TAppointment {
  const wall = toWallTime(row.startsAt, row.timeZone);
  return {
    _id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    duration: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS),
    // The table's checks admit only the schema's values.
    kind: row.kind as TAppointment['kind'],
    reason: row.reason,
    note: row.note,
    status: row.status as TAppointment['status'],
    requestExpiresAt: row.requestExpiresAt?.toISOString() ?? null,
    // The table's check admits only the schema's reasons.
    cancelReason: row.cancelReason as TAppointment['cancelReason'],
    declineMessage: row.declineMessage,
    localStart: `${wall.date}T${wall.time}`,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
