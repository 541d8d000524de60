import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TReminderSource } from '@portal/shared/reminder';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { patients } from '../../db/schema/patients.ts';
import { reminders } from '../../db/schema/reminders.ts';
import { users } from '../../db/schema/users.ts';
import { wantsNoticeCondition } from '../users/notices.repository.ts';

/** What a new reminder is about; `eventAt` is when the appointment starts or the activity is due. */
export interface NewReminder {
  ownerId: string;
  patientId: string;
  source: TReminderSource;
  sourceId: string;
  eventAt: Date;
}

/**
 * Adds one reminder, unless it exists: the unique key (source, source id, event time) makes a
 * repeated call (a retried job, a second instance) a no-op. Answers the new id, or null.
 */
export async function insertReminder(
  db: DbOrTx,
  { reminder, isEmailPending }: { reminder: NewReminder; isEmailPending: boolean },
): Promise<string | null> {
  const rows = await db
    .insert(reminders)
    .values({ ...reminder, isEmailPending })
    .onConflictDoNothing({ target: [reminders.source, reminders.sourceId, reminders.eventAt] })
    .returning({ id: reminders.id });
  return rows[0]?.id ?? null;
}

/** Adds many reminders at once, skipping those that exist; answers how many are new. */
export async function insertReminders(
  db: DbOrTx,
  { reminders: batch, isEmailPending }: { reminders: NewReminder[]; isEmailPending: boolean },
): Promise<number> {
  let created = 0;
  for (let index = 0; index < batch.length; index += 1000) {
    const rows = await db
      .insert(reminders)
      .values(batch.slice(index, index + 1000).map((reminder) => ({ ...reminder, isEmailPending })))
      .onConflictDoNothing({ target: [reminders.source, reminders.sourceId, reminders.eventAt] })
      .returning({ id: reminders.id });
    created += rows.length;
  }
  return created;
}

/** Longest reminder of the profile (168 hours): bounds the sweep's range on the index. */
const LONGEST_REMINDER_HOURS = 168;

/**
 * The appointments' reminders that came: every booked appointment of a member's (reminders are
 * a premium perk, so a refund ends them) live patient that starts
 * within its owner's `reminder_hours` and was booked before that (one booked inside the window
 * needs no reminder: the practitioner has just booked it). A rescheduled appointment has a new
 * start, so it gets a reminder of its own; a cancelled one is no longer booked, so its pending
 * reminder never comes. One statement, so a crash leaves all of it or none.
 */
export async function insertDueAppointmentReminders(
  db: Db,
  { isEmailPending }: { isEmailPending: boolean },
): Promise<number> {
  const result = await db.execute(sql`
    insert into reminders (owner_id, patient_id, source, source_id, event_at, email_pending)
    select a.owner_id, a.patient_id, 'appointment', a.id, a.starts_at, ${isEmailPending}
    from appointments a
    join users u on u.id = a.owner_id and u.premium_member
    join patients p on p.id = a.patient_id and p.deleted_at is null
    where a.status = 'booked'
      and a.starts_at > now()
      and a.starts_at <= now() + make_interval(hours => ${LONGEST_REMINDER_HOURS})
      and u.reminder_hours is not null
      and a.starts_at - make_interval(hours => u.reminder_hours) <= now()
      and a.created_at <= a.starts_at - make_interval(hours => u.reminder_hours)
    on conflict (source, source_id, event_at) do nothing`);
  return result.rowCount ?? 0;
}

/**
 * The care plan that holds an activity reminder's activity: a reminder keeps only the activity's
 * id, and the activities live in their plan's row, so the plan and title are looked up when read
 * (null once the activity was removed from its plan).
 */
const activityPlan = sql`(select cp.id, a.value ->> 'title' as title
  from care_plans cp cross join lateral jsonb_array_elements(cp.activities) a
  where ${reminders.source} = 'care-plan-activity'
    and cp.patient_id = ${reminders.patientId} and cp.owner_id = ${reminders.ownerId}
    and a.value ->> 'id' = ${reminders.sourceId}::text
  limit 1)`;

const listed = {
  id: reminders.id,
  carePlanId: sql<string | null>`(select plan.id from ${activityPlan} plan)`,
  activityTitle: sql<string | null>`(select plan.title from ${activityPlan} plan)`,
  source: reminders.source,
  sourceId: reminders.sourceId,
  patientId: reminders.patientId,
  patientName: patients.name,
  eventAt: reminders.eventAt,
  timeZone: users.timeZone,
  createdAt: reminders.createdAt,
  readAt: reminders.readAt,
};

/** The owner's reminders of live patients (the trash hides a patient's); `id`: that one only. */
function ownReminders(db: DbOrTx, ownerId: string, id?: string) {
  return db
    .select(listed)
    .from(reminders)
    .innerJoin(patients, and(eq(patients.id, reminders.patientId), isNull(patients.deletedAt)))
    .innerJoin(users, eq(users.id, reminders.ownerId))
    .where(
      and(eq(reminders.ownerId, ownerId), id === undefined ? undefined : eq(reminders.id, id)),
    );
}

export async function findReminders(
  db: Db,
  { ownerId, limit }: { ownerId: string; limit: number },
) {
  return ownReminders(db, ownerId)
    .orderBy(desc(reminders.createdAt), desc(reminders.id))
    .limit(limit);
}

export type ListedReminder = Awaited<ReturnType<typeof findReminders>>[number];

export async function countUnreadReminders(db: Db, ownerId: string): Promise<number> {
  const result = await db.execute<{ unread: number }>(sql`
    select count(*)::int as unread from reminders r
    join patients p on p.id = r.patient_id and p.deleted_at is null
    where r.owner_id = ${ownerId} and r.read_at is null`);
  return result.rows[0]!.unread;
}

/** Marks one of the owner's reminders read (kept as first read); null when it is not theirs. */
export async function markReminderRead(
  db: DbOrTx,
  { ownerId, id }: { ownerId: string; id: string },
): Promise<ListedReminder | null> {
  await db
    .update(reminders)
    .set({ readAt: sql`coalesce(${reminders.readAt}, now())` })
    .where(
      and(
        eq(reminders.ownerId, ownerId),
        eq(reminders.id, id),
        sql`${reminders.patientId} in (select id from patients where deleted_at is null)`,
      ),
    );
  const rows = await ownReminders(db, ownerId, id);
  return rows[0] ?? null;
}

/** Marks every unread reminder of the owner read; answers how many. */
export async function markAllRemindersRead(db: DbOrTx, ownerId: string): Promise<number> {
  const rows = await db
    .update(reminders)
    .set({ readAt: sql`now()` })
    .where(and(eq(reminders.ownerId, ownerId), isNull(reminders.readAt)))
    .returning({ id: reminders.id });
  return rows.length;
}

/** What an e-mail may say: the patient's name only to make initials, the time and the zone. */
export interface OwedEmail {
  id: string;
  source: TReminderSource;
  eventAt: Date;
  to: string;
  timeZone: string | null;
  patientName: string;
}

/**
 * Whether the event of reminder `r` is over: an appointment once it has started, a care-plan
 * activity once its day is (`event_at` is that day's start on the practitioner's clock; 24 hours,
 * not the clock's next midnight, so no zone needs PostgreSQL's own time-zone names).
 */
const IS_EVENT_OVER = sql`(r.event_at + case r.source when 'appointment' then interval '0'
  else interval '24 hours' end) <= now()`;

/**
 * Which reminder e-mails are owed now: only to members (a refund ends them) who have not turned
 * reminder e-mails off, of live patients (the trash holds a patient's e-mails back; a restore
 * lets them go) and about an event still to come. The reminders' own `email_pending` flag stays
 * set while they are held back, so turning the e-mails back on sends those still to come.
 */
const OWED = sql`
  from reminders r
  join users u on u.id = r.owner_id and u.premium_member
    and ${wantsNoticeCondition('u', 'appointment-reminders')}
  join patients p on p.id = r.patient_id and p.deleted_at is null
  where r.email_pending and not ${IS_EVENT_OVER}`;

/**
 * Gives up the e-mails whose event is over, whoever they were held back for (a trashed patient,
 * a lapsed membership, a mail server down): a reminder of a past appointment or day is noise, and
 * would go out the moment the patient is restored or the membership comes back. The reminder
 * stays in the bell; `email_pending` false with no `email_sent_at` is an e-mail given up.
 * Answers how many.
 */
export async function dropPastEventEmails(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    update reminders r set email_pending = false
    where r.email_pending and ${IS_EVENT_OVER}`);
  return result.rowCount ?? 0;
}

/**
 * Up to `limit` owed e-mails taken round-robin by practitioner: every owner's oldest first, then
 * every owner's second, and so on (oldest first within a round), so thousands owed to one
 * practitioner cannot hold back another's one.
 */
export async function findOwedEmailTurns(db: Db, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from (
      select r.id, r.created_at,
        row_number() over (partition by r.owner_id order by r.created_at, r.id) as turn
      ${OWED}
    ) owed
    order by turn, created_at, id
    limit ${limit}`);
  return rows.map((row) => row.id);
}

/**
 * Runs `send` for the row `lockOwed` finds and locks (`for update … skip locked`, within the
 * transaction it is given), and `markSent` in the same transaction: another instance skips a
 * locked row, and a crash before the commit releases the lock (PostgreSQL ends the dead session)
 * and leaves the e-mail owed. Answers false when `lockOwed` finds nothing.
 */
export async function sendWhileLocked<Row>(
  db: Db,
  {
    lockOwed,
    send,
    markSent,
  }: {
    lockOwed: (tx: Tx) => Promise<Row | undefined>;
    send: (row: Row) => Promise<void>;
    markSent: (tx: Tx, row: Row) => Promise<unknown>;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockOwed(tx);
    if (!row) return false;
    await send(row);
    await markSent(tx, row);
    return true;
  });
}

/**
 * Sends one owed e-mail under its row lock (`sendWhileLocked`). Answers false when it is no
 * longer owed (sent meanwhile, its patient trashed, its owner no member or no longer wanting it)
 * or being sent elsewhere.
 */
export async function sendOwedEmail(
  db: Db,
  id: string,
  send: (email: OwedEmail) => Promise<void>,
): Promise<boolean> {
  return sendWhileLocked(db, {
    lockOwed: async (tx) => {
      const { rows } = await tx.execute<{
        id: string;
        source: TReminderSource;
        event_at: string;
        email: string;
        time_zone: string | null;
        name: string;
      }>(sql`
        select r.id, r.source, r.event_at, u.email, u.time_zone, p.name
        ${OWED} and r.id = ${id}
        for update of r skip locked`);
      return rows[0];
    },
    send: (row) =>
      send({
        id: row.id,
        source: row.source,
        eventAt: new Date(row.event_at),
        to: row.email,
        timeZone: row.time_zone,
        patientName: row.name,
      }),
    markSent: (tx, row) =>
      tx
        .update(reminders)
        .set({ isEmailPending: false, emailSentAt: sql`now()` })
        .where(eq(reminders.id, row.id)),
  });
}
