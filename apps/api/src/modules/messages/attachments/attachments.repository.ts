import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TAttachment, TAttachmentType } from '@portal/shared/message-threads';
import type { DbOrTx } from '../../../db/client.ts';
import { messageAttachments } from '../../../db/schema/message-attachments.ts';

/**
 * The SQL of attachments: their descriptions only. Their bytes are read by the storage
 * (storage.ts), by id, and by nothing else.
 */

export interface AttachmentRecord {
  id: string;
  threadId: string;
  uploaderId: string | null;
  messageId: string | null;
  name: string;
  type: TAttachmentType;
  size: number;
  storedIn: 'database' | 'folder';
}

const columns = {
  id: messageAttachments.id,
  threadId: messageAttachments.threadId,
  uploaderId: messageAttachments.uploaderId,
  messageId: messageAttachments.messageId,
  name: messageAttachments.name,
  type: messageAttachments.type,
  size: messageAttachments.size,
  storedIn: messageAttachments.storedIn,
};

export const toAttachment = (
  row: Pick<AttachmentRecord, 'id' | 'name' | 'type' | 'size'>,
): TAttachment => ({
  _id: row.id,
  name: row.name,
  type: row.type,
  size: row.size,
});

export async function insertAttachment(
  tx: DbOrTx,
  values: Omit<AttachmentRecord, 'messageId'> & { at: Date },
): Promise<void> {
  const { at, ...rest } = values;
  await tx.insert(messageAttachments).values({ ...rest, createdAt: at });
}

/** The bytes `userId` keeps now: every upload of theirs, sent or not. */
export async function bytesStoredBy(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${messageAttachments.size}), 0)` })
    .from(messageAttachments)
    .where(eq(messageAttachments.uploaderId, userId));
  return Number(row?.total ?? 0);
}

/** One attachment of a thread, or none. */
export async function findAttachment(
  db: DbOrTx,
  { threadId, id }: { threadId: string; id: string },
): Promise<AttachmentRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(messageAttachments)
    .where(and(eq(messageAttachments.threadId, threadId), eq(messageAttachments.id, id)))
    .limit(1);
  return row;
}

/**
 * Puts `ids` on `messageId`: each must be an unsent upload of `uploaderId` to `threadId`.
 * Answers how many were attached (the rows are locked, so two messages cannot take one).
 */
export async function attachToMessage(
  tx: DbOrTx,
  {
    ids,
    threadId,
    uploaderId,
    messageId,
  }: { ids: string[]; threadId: string; uploaderId: string; messageId: string },
): Promise<number> {
  const rows = await tx
    .update(messageAttachments)
    .set({ messageId })
    .where(
      and(
        inArray(messageAttachments.id, ids),
        eq(messageAttachments.threadId, threadId),
        eq(messageAttachments.uploaderId, uploaderId),
        isNull(messageAttachments.messageId),
      ),
    )
    .returning({ id: messageAttachments.id });
  return rows.length;
}

/** The attachments of these messages, by message, each list in the order uploaded. */
export async function attachmentsOfMessages(
  db: DbOrTx,
  messageIds: string[],
): Promise<Map<string, TAttachment[]>> {
  const byMessage = new Map<string, TAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select(columns)
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
  for (const row of rows) {
    const list = byMessage.get(row.messageId!) ?? [];
    list.push(toAttachment(row));
    byMessage.set(row.messageId!, list);
  }
  return byMessage;
}

/** Deletes uploads never sent that were made before `before`; answers their rows. */
export async function deleteUnsentBefore(
  tx: DbOrTx,
  before: Date,
): Promise<Array<Pick<AttachmentRecord, 'id' | 'storedIn'>>> {
  return tx
    .delete(messageAttachments)
    .where(and(isNull(messageAttachments.messageId), lt(messageAttachments.createdAt, before)))
    .returning({ id: messageAttachments.id, storedIn: messageAttachments.storedIn });
}

/** Which of `ids` are attachments still described. */
export async function existingIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: messageAttachments.id })
    .from(messageAttachments)
    .where(inArray(messageAttachments.id, ids));
  return new Set(rows.map((row) => row.id));
}
