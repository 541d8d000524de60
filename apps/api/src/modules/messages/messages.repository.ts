import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TThreadKind } from '@portal/shared/message-threads';
import type { Db, DbOrTx } from '../../db/client.ts';
import { messageReads, messageThreads, messages } from '../../db/schema/messages.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The SQL of secure messages. Who may see a thread is one condition (`visibleTo`), used by every
 * read: its practitioner while the patient is not in the trash, a person with a live link to
 * that patient, the requester of a support thread, and, for Support staff, every support thread.
 */

/** Who reads: the account, and whether it is Support staff (SUPPORT_EMAILS). */
export interface Reader {
  userId: string;
  isSupportStaff: boolean;
}

const practitioner = alias(users, 'practitioner');
const requester = alias(users, 'requester');

/** The people with a live link to the thread's patient. */
const linkedTo = (userId: string) =>
  sql`${messageThreads.patientId} in (select ${patientLinks.patientId} from ${patientLinks}
    where ${patientLinks.userId} = ${userId} and ${patientLinks.endedAt} is null)`;

/** The threads `reader` takes part in (`mine`), or every support thread (`support`). */
function visibleTo(reader: Reader, box: 'mine' | 'support' | 'any'): SQL {
  const clinical = sql`(${messageThreads.kind} = 'clinical' and ${patients.deletedAt} is null
    and (${messageThreads.ownerId} = ${reader.userId} or ${linkedTo(reader.userId)}))`;
  const ownSupport = sql`${messageThreads.requesterId} = ${reader.userId}`;
  const allSupport = sql`${messageThreads.kind} = 'support'`;
  if (box === 'support') return allSupport;
  if (box === 'any' && reader.isSupportStaff) return sql`(${clinical} or ${allSupport})`;
  return sql`(${clinical} or ${ownSupport})`;
}

/**
 * The reader's unread messages of a thread: by others after their last read. Support staff
 * read a support thread as the desk, so their colleagues' answers are not unread to them.
 */
const unreadCount = (reader: Reader) => sql<number>`(
  select count(*)::int from ${messages} m
  where m.thread_id = ${messageThreads.id}
    and m.created_at > coalesce((select r.read_at from ${messageReads} r
      where r.thread_id = ${messageThreads.id} and r.user_id = ${reader.userId}), '-infinity')
    and case when ${messageThreads.kind} = 'support' and ${messageThreads.requesterId} <> ${reader.userId}
      then not m.is_support else m.author_id is distinct from ${reader.userId} end)`;

const isMemberThread = sql<number>`(case when coalesce(${requester.isPremium}, false) then 1 else 0 end)`;

const threadColumns = (reader: Reader) => ({
  id: messageThreads.id,
  kind: messageThreads.kind,
  ownerId: messageThreads.ownerId,
  patientId: messageThreads.patientId,
  requesterId: messageThreads.requesterId,
  subject: messageThreads.subject,
  createdAt: messageThreads.createdAt,
  lastMessageAt: messageThreads.lastMessageAt,
  closedAt: messageThreads.closedAt,
  patientName: patients.name,
  practitionerName: practitioner.name,
  practicePhone: practitioner.practicePhone,
  requesterName: requester.name,
  isMember: isMemberThread,
  unreadCount: unreadCount(reader),
});

export interface ThreadRecord {
  id: string;
  kind: TThreadKind;
  ownerId: string | null;
  patientId: string | null;
  requesterId: string | null;
  subject: string;
  createdAt: Date;
  lastMessageAt: Date;
  closedAt: Date | null;
  patientName: string | null;
  practitionerName: string | null;
  practicePhone: string | null;
  requesterName: string | null;
  isMember: number;
  unreadCount: number;
}

function threadsQuery(db: DbOrTx, reader: Reader) {
  return db
    .select(threadColumns(reader))
    .from(messageThreads)
    .leftJoin(patients, eq(patients.id, messageThreads.patientId))
    .leftJoin(practitioner, eq(practitioner.id, messageThreads.ownerId))
    .leftJoin(requester, eq(requester.id, messageThreads.requesterId));
}

/** One thread the reader may see (as a participant, or as Support staff), or none. */
export async function findVisibleThread(
  db: DbOrTx,
  reader: Reader,
  id: string,
): Promise<ThreadRecord | undefined> {
  const [row] = await threadsQuery(db, reader)
    .where(and(eq(messageThreads.id, id), visibleTo(reader, 'any')))
    .limit(1);
  return row as ThreadRecord | undefined;
}

/** A keyset position in an inbox: [member first (1/0), last activity, id]. */
export type InboxKey = readonly [number, string, string];

/**
 * A page of the reader's inbox (`mine`) or of Support's (`support`), newest activity first;
 * with `patientId`, only the threads about that patient (so never a support thread).
 */
export async function findThreads(
  db: Db,
  {
    reader,
    box,
    patientId,
    after,
    limit,
  }: {
    reader: Reader;
    box: 'mine' | 'support';
    patientId?: string | undefined;
    after: InboxKey | null;
    limit: number;
  },
): Promise<{ rows: ThreadRecord[]; total: number }> {
  const visible = and(
    visibleTo(reader, box),
    patientId === undefined ? undefined : eq(messageThreads.patientId, patientId),
  );
  const isSupportBox = box === 'support';
  const past = after
    ? isSupportBox
      ? sql`(${isMemberThread}, ${messageThreads.lastMessageAt}, ${messageThreads.id}) < (${after[0]}, ${after[1]}::timestamptz, ${after[2]}::uuid)`
      : sql`(${messageThreads.lastMessageAt}, ${messageThreads.id}) < (${after[1]}::timestamptz, ${after[2]}::uuid)`
    : undefined;
  const order = isSupportBox
    ? [desc(isMemberThread), desc(messageThreads.lastMessageAt), desc(messageThreads.id)]
    : [desc(messageThreads.lastMessageAt), desc(messageThreads.id)];
  const [rows, [counted]] = await Promise.all([
    threadsQuery(db, reader)
      .where(and(visible, past))
      .orderBy(...order)
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(messageThreads)
      .leftJoin(patients, eq(patients.id, messageThreads.patientId))
      .where(visible),
  ]);
  return { rows: rows as ThreadRecord[], total: counted?.total ?? 0 };
}

/**
 * Whether `userId` may write about `patientId`: its practitioner (the patient not in the trash),
 * or a person with a live link to it. Answers the patient's practitioner, or none.
 */
export async function findWritablePatient(
  db: DbOrTx,
  { userId, patientId }: { userId: string; patientId: string },
): Promise<{ ownerId: string } | undefined> {
  const [row] = await db
    .select({ ownerId: patients.ownerId })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        isNull(patients.deletedAt),
        sql`(${patients.ownerId} = ${userId} or exists (select 1 from ${patientLinks}
          where ${patientLinks.patientId} = ${patients.id} and ${patientLinks.userId} = ${userId}
            and ${patientLinks.endedAt} is null))`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertThread(
  tx: DbOrTx,
  values: {
    kind: TThreadKind;
    ownerId: string | null;
    patientId: string | null;
    requesterId: string | null;
    subject: string;
    at: Date;
  },
): Promise<string> {
  const { at, ...rest } = values;
  const [row] = await tx
    .insert(messageThreads)
    .values({ ...rest, createdAt: at, lastMessageAt: at })
    .returning({ id: messageThreads.id });
  return row!.id;
}

/**
 * Adds a message to an open thread, moves the thread's activity and marks the author's own read
 * up to it. None when the thread is closed (checked under the thread's row lock).
 */
export async function insertMessage(
  tx: DbOrTx,
  {
    threadId,
    authorId,
    isSupport,
    body,
    at,
  }: { threadId: string; authorId: string; isSupport: boolean; body: string; at: Date },
): Promise<{ id: string; seq: number } | undefined> {
  const [open] = await tx
    .update(messageThreads)
    .set({
      lastMessageAt: sql`greatest(${messageThreads.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(messageThreads.id, threadId), isNull(messageThreads.closedAt)))
    .returning({ id: messageThreads.id });
  if (!open) return undefined;
  const [row] = await tx
    .insert(messages)
    .values({ threadId, authorId, isSupport, body, createdAt: at })
    .returning({ id: messages.id, seq: messages.seq });
  await markRead(tx, { threadId, userId: authorId });
  return row;
}

/** Marks the thread read up to its newest message for `userId` (never backwards). */
export async function markRead(
  tx: DbOrTx,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<void> {
  await tx.execute(sql`
    insert into ${messageReads} (thread_id, user_id, read_at)
    select ${threadId}, ${userId}, max(created_at) from ${messages} where thread_id = ${threadId}
    having max(created_at) is not null
    on conflict (thread_id, user_id)
      do update set read_at = greatest(${messageReads.readAt}, excluded.read_at)`);
}

/** Closes an open thread; false when it was already closed. */
export async function closeThread(
  tx: DbOrTx,
  { threadId, by, at }: { threadId: string; by: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(messageThreads)
    .set({ closedAt: at, closedBy: by })
    .where(and(eq(messageThreads.id, threadId), isNull(messageThreads.closedAt)))
    .returning({ id: messageThreads.id });
  return rows.length > 0;
}

export interface MessageRecord {
  id: string;
  seq: number;
  threadId: string;
  authorId: string | null;
  authorName: string | null;
  isSupport: boolean;
  body: string;
  createdAt: Date;
}

const messageColumns = {
  id: messages.id,
  seq: messages.seq,
  threadId: messages.threadId,
  authorId: messages.authorId,
  authorName: users.name,
  isSupport: messages.isSupport,
  body: messages.body,
  createdAt: messages.createdAt,
};

/** A page of a thread's messages, newest first, after a keyset position (instant, id). */
export async function findMessages(
  db: Db,
  {
    threadId,
    after,
    limit,
  }: { threadId: string; after: readonly [string, string] | null; limit: number },
): Promise<{ rows: MessageRecord[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(messageColumns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.authorId))
      .where(
        and(
          eq(messages.threadId, threadId),
          after
            ? sql`(${messages.createdAt}, ${messages.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.threadId, threadId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One message by id. */
export async function findMessage(db: DbOrTx, id: string): Promise<MessageRecord | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.id, id))
    .limit(1);
  return row;
}

/**
 * The messages written after event id `afterSeq` in the threads the reader may see, oldest
 * first, with their thread: what a reconnecting stream missed.
 */
export async function findMessagesAfter(
  db: Db,
  { reader, afterSeq, limit }: { reader: Reader; afterSeq: number; limit: number },
): Promise<{ message: MessageRecord; thread: ThreadRecord }[]> {
  const rows = await db
    .select({ message: messageColumns, thread: threadColumns(reader) })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(patients, eq(patients.id, messageThreads.patientId))
    .leftJoin(practitioner, eq(practitioner.id, messageThreads.ownerId))
    .leftJoin(requester, eq(requester.id, messageThreads.requesterId))
    .where(and(gt(messages.seq, afterSeq), visibleTo(reader, 'any')))
    .orderBy(messages.seq)
    .limit(limit);
  return rows as { message: MessageRecord; thread: ThreadRecord }[];
}

/**
 * Who takes part in a thread now: its practitioner and live-linked people (the patient not in
 * the trash), or its requester; whether Support staff see it is its kind.
 */
export async function findAudience(
  db: Db,
  threadId: string,
): Promise<{ kind: TThreadKind; userIds: Set<string> } | undefined> {
  const result = await db.execute<{ kind: TThreadKind; user_ids: string[] | null }>(sql`
    select t.kind, case
      when t.kind = 'support' then array[t.requester_id]
      when p.deleted_at is not null then array[]::uuid[]
      else array[t.owner_id] || coalesce((select array_agg(l.user_id) from ${patientLinks} l
        where l.patient_id = t.patient_id and l.ended_at is null), array[]::uuid[])
    end as user_ids
    from ${messageThreads} t left join ${patients} p on p.id = t.patient_id
    where t.id = ${threadId}`);
  const row = result.rows[0];
  return row && { kind: row.kind, userIds: new Set(row.user_ids ?? []) };
}
