import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { findRow } from '../../db/rows.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { isoFromUtcText } from '../patients/patients.fields.ts';
import type { FeedEvent } from './calendar.ics.ts';

/** The feed's window: the recent past and everything ahead, at most this many events. */
const PAST_DAYS = 90;
const MAX_EVENTS = 5_000;

export async function setFeedHash(
  db: Db,
  { userId, hash }: { userId: string; hash: string | null },
): Promise<void> {
  await db.update(users).set({ calendarFeedHash: hash }).where(eq(users.id, userId));
}

export async function findUserByFeedHash(db: Db, hash: string): Promise<UserRow | undefined> {
  return findRow(db, users, eq(users.calendarFeedHash, hash));
}

/**
 * The owner's appointments from 90 days ago on, earliest first. A patient in the trash takes
 * their appointments out of the feed (the calendar app drops them at its next poll); a restore
 * brings them back.
 */
export async function findFeedEvents(
  db: Db,
  { ownerId, now }: { ownerId: string; now: Date },
): Promise<FeedEvent[]> {
  const utcText = (column: string) => sql.raw(`(a.${column} at time zone 'UTC')::text`);
  const result = await db.execute<Record<keyof FeedEvent, string | number>>(sql`
    select a.id, p.name as "patientName", a.kind, a.status, a.sequence,
      ${utcText('starts_at')} as "startsAt", ${utcText('ends_at')} as "endsAt",
      ${utcText('updated_at')} as "updatedAt"
    from appointments a join patients p on p.id = a.patient_id and p.deleted_at is null
    where a.owner_id = ${ownerId}
      and a.starts_at >= ${now}::timestamptz - ${sql.raw(`interval '${PAST_DAYS} days'`)}
    order by a.starts_at, a.id limit ${MAX_EVENTS}`);
  const date = (value: string | number) => new Date(isoFromUtcText(String(value)));
  return result.rows.map((row) => ({
    id: String(row.id),
    patientName: String(row.patientName),
    kind: row.kind as FeedEvent['kind'],
    status: row.status as FeedEvent['status'],
    sequence: Number(row.sequence),
    startsAt: date(row.startsAt),
    endsAt: date(row.endsAt),
    updatedAt: date(row.updatedAt),
  }));
}
