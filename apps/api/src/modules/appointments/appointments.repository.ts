import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { LIVE_APPOINTMENT_STATUSES } from '@portal/shared/appointment';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { isOneOfVersions, nextVersion, type VersionedChange } from '../../lib/etag.ts';
import type { Actor } from '../audit/owned-records.ts';
import { isoFromUtcText } from '../patients/patients.fields.ts';
import {
  fromSqlRow,
  SELECTED_COLUMNS,
  type AppointmentRecord,
  type AppointmentValues,
} from './appointments.fields.ts';

/** Every query on appointments is scoped by owner: there is no function here without `ownerId` (or `ownerIds`). */

/** Position in the agenda, earliest first: `startsAt` (ISO, ms) then id. */
export type AgendaKey = [startsAt: string, id: string];

/** The longest appointment (480 minutes): how far before a range one can start and reach it. */
const LONGEST = sql`interval '480 minutes'`;
const LIVE = sql.raw(LIVE_APPOINTMENT_STATUSES.map((status) => `'${status}'`).join(', '));

/** The appointment with its patient's name and the owner's time zone (for the wall-clock start). */
const SELECT = sql.raw(
  `select ${SELECTED_COLUMNS}, p.name as "patientName", coalesce(u.time_zone, 'UTC') as "timeZone"
   from appointments a join patients p on p.id = a.patient_id join users u on u.id = a.owner_id`,
);

/** `lead` goes before the select: a `with` whose data-modifying part commits with the read. */
async function selectAppointments(db: DbOrTx, where: SQL, tail: SQL = sql``, lead: SQL = sql``) {
  const result = await db.execute<AppointmentRecord>(sql`${lead} ${SELECT} where ${where} ${tail}`);
  return result.rows.map(fromSqlRow);
}

/** Booking checks the patient through this module's repository (see appointments.booking.ts). */
export { isOwnLivePatient } from '../patients/patients.repository.ts';

export async function findAppointment(
  db: DbOrTx,
  { ownerId, id }: { ownerId: string; id: string },
): Promise<AppointmentRecord | undefined> {
  const [row] = await selectAppointments(db, sql`a.owner_id = ${ownerId} and a.id = ${id}`);
  return row;
}

export async function insertAppointment(
  db: DbOrTx,
  { ownerId, values }: { ownerId: string; values: AppointmentValues },
): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({ ownerId, ...values })
    .returning({ id: appointments.id });
  return row!.id;
}

/**
 * An appointment made by an online booking: who booked it and, for a request, its deadline,
 * besides the values the form's appointments have.
 */
export async function insertBookedAppointment(
  db: DbOrTx,
  {
    ownerId,
    values,
    bookedBy,
    requestExpiresAt,
  }: {
    ownerId: string;
    values: AppointmentValues;
    bookedBy: string;
    requestExpiresAt: Date | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({ ownerId, ...values, bookedBy, requestExpiresAt })
    .returning({ id: appointments.id });
  return row!.id;
}

/** `updatedAt` moves forward by at least 1 ms and `sequence` by one: a new ETag, a new iCal copy. */
const CHANGED = {
  updatedAt: nextVersion(appointments.updatedAt),
  sequence: sql`${appointments.sequence} + 1`,
};

function isOwnedVersion(ownerId: string, id: string, versions: Date[] | null) {
  return and(
    eq(appointments.ownerId, ownerId),
    eq(appointments.id, id),
    isOneOfVersions(appointments.updatedAt, versions),
  );
}

/** Replaces an appointment; with `versions` (from If-Match) only when it is one of them. */
export async function updateAppointment(
  db: DbOrTx,
  { ownerId, id, values, versions }: VersionedChange<AppointmentValues>,
): Promise<string | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ ...values, ...CHANGED })
    .where(isOwnedVersion(ownerId, id, versions))
    .returning({ id: appointments.id });
  return row?.id;
}

/** Marks a booked or arrived appointment fulfilled (a visit closed it). */
export async function fulfilAppointment(
  db: DbOrTx,
  { ownerId, id }: { ownerId: string; id: string },
): Promise<void> {
  await db
    .update(appointments)
    .set({ status: 'fulfilled', ...CHANGED })
    .where(
      and(isOwnedVersion(ownerId, id, null), inArray(appointments.status, ['booked', 'arrived'])),
    );
}

/** Cancels an appointment that is not cancelled yet (same If-Match rule as an update). */
export async function cancelAppointment(
  db: DbOrTx,
  { ownerId, id, versions }: { ownerId: string; id: string; versions: Date[] | null },
): Promise<string | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ status: 'cancelled', ...CHANGED })
    .where(and(isOwnedVersion(ownerId, id, versions), ne(appointments.status, 'cancelled')))
    .returning({ id: appointments.id });
  return row?.id;
}

interface Range {
  ownerId: string;
  from: Date;
  to: Date;
  patientId?: string;
}

/**
 * Appointments overlapping [from, to): the agenda's range condition. `starts_at` bounds the
 * scan of the (owner_id, starts_at, id) index on both sides: nothing longer than 480 minutes
 * can start earlier and still reach `from`.
 */
function inRange({ ownerId, from, to, patientId }: Range): SQL {
  return sql`a.owner_id = ${ownerId}
    and a.starts_at >= ${from}::timestamptz - ${LONGEST} and a.starts_at < ${to}
    and a.ends_at > ${from}
    ${patientId ? sql`and a.patient_id = ${patientId}` : sql``}`;
}

/**
 * One page of the agenda, earliest first, strictly after `after`, and its `list` audit event
 * (about the one patient asked for, if any) in the same statement: the event commits with the
 * read, in the read's round trip.
 */
export async function listAppointments(
  db: Db,
  {
    after,
    limit,
    actor,
    ...range
  }: Range & { after: AgendaKey | null; limit: number; actor: Actor },
): Promise<AppointmentRecord[]> {
  return selectAppointments(
    db,
    sql`${inRange(range)} ${afterKey(after)}`,
    sql`order by a.starts_at, a.id limit ${limit}`,
    sql`with logged as (
      insert into audit_events (actor_id, patient_id, action, outcome, request_id)
      values (${actor.actorId}, ${range.patientId ?? null}, 'list', 'success', ${actor.requestId})
    )`,
  );
}

/** Strictly after a position in the agenda order. */
function afterKey(after: AgendaKey | null): SQL {
  return after
    ? sql`and (a.starts_at, a.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : sql``;
}

/**
 * One batch of the owner's appointments for the export, every status and time, earliest first:
 * only those of live patients, since the export leaves the trash out.
 */
export async function findAppointmentsToExport(
  db: DbOrTx,
  { ownerId, after, limit }: { ownerId: string; after: AgendaKey | null; limit: number },
): Promise<AppointmentRecord[]> {
  return selectAppointments(
    db,
    sql`a.owner_id = ${ownerId} and p.deleted_at is null ${afterKey(after)}`,
    sql`order by a.starts_at, a.id limit ${limit}`,
  );
}

export async function countAppointments(db: Db, range: Range): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from appointments a where ${inRange(range)}`,
  );
  return result.rows[0]?.total ?? 0;
}

/** The owner's live appointments overlapping [from, to), earliest first (for free slots). */
export async function findLiveBetween(
  db: DbOrTx,
  range: Omit<Range, 'patientId'>,
): Promise<{ startsAt: Date; endsAt: Date }[]> {
  const result = await db.execute<{ startsAt: string; endsAt: string }>(
    sql`select (a.starts_at at time zone 'UTC')::text as "startsAt",
          (a.ends_at at time zone 'UTC')::text as "endsAt"
        from appointments a
        where ${inRange(range)} and a.status in (${LIVE}) order by a.starts_at`,
  );
  return result.rows.map((row) => ({
    startsAt: new Date(isoFromUtcText(row.startsAt)),
    endsAt: new Date(isoFromUtcText(row.endsAt)),
  }));
}

/**
 * The live appointments of several owners overlapping [from, to), earliest first: the public
 * directory's next free slots for a page of practitioners, in one statement.
 */
export async function findLiveBetweenOfOwners(
  db: Db,
  { ownerIds, from, to }: { ownerIds: string[]; from: Date; to: Date },
): Promise<{ ownerId: string; startsAt: Date; endsAt: Date }[]> {
  if (ownerIds.length === 0) return [];
  const result = await db.execute<{ ownerId: string; startsAt: string; endsAt: string }>(
    sql`select a.owner_id as "ownerId", (a.starts_at at time zone 'UTC')::text as "startsAt",
          (a.ends_at at time zone 'UTC')::text as "endsAt"
        from appointments a
        where a.owner_id = any(array[${sql.join(
          ownerIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[])
          and a.starts_at >= ${from}::timestamptz - ${LONGEST} and a.starts_at < ${to}
          and a.ends_at > ${from} and a.status in (${LIVE})
        order by a.starts_at`,
  );
  return result.rows.map((row) => ({
    ownerId: row.ownerId,
    startsAt: new Date(isoFromUtcText(row.startsAt)),
    endsAt: new Date(isoFromUtcText(row.endsAt)),
  }));
}

/**
 * The owner's live appointment that a booking of [start, end) for this patient clashes with:
 * the owner's own agenda, or the patient's (always the owner's too). `exceptId` leaves out the
 * appointment being changed.
 */
export async function findClash(
  db: Db,
  {
    ownerId,
    patientId,
    start,
    end,
    exceptId,
  }: { ownerId: string; patientId: string; start: Date; end: Date; exceptId?: string },
): Promise<AppointmentRecord | undefined> {
  const [row] = await selectAppointments(
    db,
    sql`(a.owner_id = ${ownerId} or (a.patient_id = ${patientId} and p.owner_id = ${ownerId}))
      and a.status in (${LIVE})
      and tstzrange(a.starts_at, a.ends_at) && tstzrange(${start}::timestamptz, ${end}::timestamptz)
      ${exceptId ? sql`and a.id <> ${exceptId}` : sql``}`,
    sql`order by a.starts_at limit 1`,
  );
  return row;
}

/**
 * Confirms a request whose deadline has not passed (same If-Match rule as an update): it becomes
 * booked and keeps its time.
 */
export async function confirmRequest(
  db: DbOrTx,
  {
    ownerId,
    id,
    versions,
    now,
  }: { ownerId: string; id: string; versions: Date[] | null; now: Date },
): Promise<string | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ status: 'booked', ...CHANGED })
    .where(
      and(
        isOwnedVersion(ownerId, id, versions),
        eq(appointments.status, 'requested'),
        gt(appointments.requestExpiresAt, now),
      ),
    )
    .returning({ id: appointments.id });
  return row?.id;
}

/** Declines a request (same If-Match rule): cancelled, reason `declined`, with the message. */
export async function declineRequest(
  db: DbOrTx,
  {
    ownerId,
    id,
    versions,
    message,
  }: { ownerId: string; id: string; versions: Date[] | null; message: string },
): Promise<string | undefined> {
  const [row] = await db
    .update(appointments)
    .set({
      status: 'cancelled',
      cancelReason: 'declined',
      declineMessage: message === '' ? null : message,
      ...CHANGED,
    })
    .where(and(isOwnedVersion(ownerId, id, versions), eq(appointments.status, 'requested')))
    .returning({ id: appointments.id });
  return row?.id;
}

const isOwnRequest = (ownerId: string) => sql`a.owner_id = ${ownerId} and a.status = 'requested'`;

/**
 * One page of the owner's open requests, soonest start first, strictly after `after`: read from
 * the partial index `appointments_requested_owner_start_idx`.
 */
export async function listRequests(
  db: Db,
  { ownerId, after, limit }: { ownerId: string; after: AgendaKey | null; limit: number },
): Promise<AppointmentRecord[]> {
  return selectAppointments(
    db,
    sql`${isOwnRequest(ownerId)} ${afterKey(after)}`,
    sql`order by a.starts_at, a.id limit ${limit}`,
  );
}

export async function countRequests(db: Db, ownerId: string): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from appointments a where ${isOwnRequest(ownerId)}`,
  );
  return result.rows[0]?.total ?? 0;
}

/**
 * Cancels every request whose deadline is at or before `now` (of one owner, or of all), reason
 * `expired`, and writes each one's audit event (actor: the practitioner, whose agenda it was) in
 * the same statement. Idempotent, and safe on two instances at once: a row another run has just
 * expired no longer matches `status = 'requested'` when PostgreSQL rechecks it after the lock,
 * so it is expired and audited once. Answers how many it expired.
 */
export async function expireRequests(
  db: DbOrTx,
  { now, ownerId }: { now: Date; ownerId?: string },
): Promise<number> {
  const result = await db.execute<{ expired: number }>(sql`
    with expired as (
      update appointments
      set status = 'cancelled', cancel_reason = 'expired',
        updated_at = ${nextVersion(appointments.updatedAt)}, sequence = sequence + 1
      where status = 'requested' and request_expires_at <= ${now}
        ${ownerId ? sql`and owner_id = ${ownerId}` : sql``}
      returning id, owner_id, patient_id
    ), audited as (
      insert into audit_events (actor_id, patient_id, subject_kind, subject_id, action, outcome)
      select owner_id, patient_id, 'appointment', id, 'expire', 'success' from expired
      returning 1
    )
    select count(*)::int as expired from audited`);
  return result.rows[0]?.expired ?? 0;
}
