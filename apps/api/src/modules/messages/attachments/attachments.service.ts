import { sql } from 'drizzle-orm';
import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import type { TAttachment } from '@portal/shared/message-threads';
import type { Db, DbAndClock } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { systemClock } from '../../../lib/clock.ts';
import { storedId } from '../../../lib/uuid.ts';
import { insertActorAuditEvents } from '../../audit/owned-records.ts';
import * as threads from '../messages.repository.ts';
import type { ThreadRecord } from '../messages.repository.ts';
import type { MessageReader } from '../messages.service.ts';
import * as repository from './attachments.repository.ts';
import { cleanFileName } from './file-name.ts';
import { fileTypeOf } from './file-type.ts';
import type { attachmentStorages } from './storage.ts';
import { MalformedImageError, stripMetadata } from './strip-metadata.ts';

/** A file as the upload received it: the name the client sent, and its bytes when read. */
export interface ReceivedFile {
  name: string | undefined;
  /** Reads the whole file; throws `ATTACHMENT_TOO_LARGE` past 10 MB. */
  read(): Promise<Buffer>;
}

/**
 * Files uploaded to a thread by its participants and carried by their messages. The type is
 * read from the bytes, pictures lose their metadata, each uploader has a quota; a file is
 * served to the thread's participants once on a message, before that to its uploader only.
 * Every upload and download is audited with the thread's patient and the attachment.
 */
export function createAttachmentService({
  db,
  now = systemClock,
  storages,
  quotaBytes,
}: DbAndClock & { storages: ReturnType<typeof attachmentStorages>; quotaBytes: number }) {
  const readerOf = ({ actor, isSupportStaff }: MessageReader) => ({
    userId: actor.actorId,
    isSupportStaff,
  });
  const audit = (
    tx: Pick<Db, 'insert'>,
    reader: MessageReader,
    {
      thread,
      threadId,
      attachmentId,
      action,
      outcome,
    }: {
      thread?: Pick<ThreadRecord, 'id' | 'patientId'>;
      threadId?: string | null;
      attachmentId?: string | null;
      action: TAuditAction;
      outcome: TAuditOutcome;
    },
  ) => {
    const subjectThread = thread?.id ?? threadId ?? null;
    return insertActorAuditEvents(tx as Db, reader.actor, [
      {
        patientId: thread?.patientId ?? null,
        subject: attachmentId
          ? { kind: 'attachment', id: attachmentId }
          : subjectThread
            ? { kind: 'thread', id: subjectThread }
            : null,
        action,
        outcome,
      },
    ]);
  };

  async function visibleThread(reader: MessageReader, id: string, action: TAuditAction) {
    const threadId = storedId(id);
    const thread = threadId && (await threads.findVisibleThread(db, readerOf(reader), threadId));
    if (thread) return thread;
    await audit(db, reader, { threadId, action, outcome: 'denied' });
    throw new AppError('THREAD_NOT_FOUND');
  }

  return {
    async upload({
      reader,
      threadId,
      receive,
    }: {
      reader: MessageReader;
      threadId: string;
      /** Starts reading the request's file (after the thread was found open). */
      receive: () => Promise<ReceivedFile>;
    }): Promise<TAttachment> {
      const thread = await visibleThread(reader, threadId, 'create');
      const refuse = async (code: 'THREAD_CLOSED' | 'ATTACHMENT_TYPE_NOT_ALLOWED') => {
        await audit(db, reader, {
          thread,
          action: 'create',
          outcome: code === 'THREAD_CLOSED' ? 'conflict' : 'invalid',
        });
        throw new AppError(code);
      };
      if (thread.closedAt) return refuse('THREAD_CLOSED');
      let sent: Buffer;
      let file: ReceivedFile;
      try {
        file = await receive();
        sent = await file.read();
      } catch (error) {
        if (error instanceof AppError)
          await audit(db, reader, { thread, action: 'create', outcome: 'invalid' });
        throw error;
      }
      const type = fileTypeOf(sent);
      if (!type) return refuse('ATTACHMENT_TYPE_NOT_ALLOWED');
      let bytes: Uint8Array;
      try {
        bytes = stripMetadata(sent, type);
      } catch (error) {
        if (error instanceof MalformedImageError) return refuse('ATTACHMENT_TYPE_NOT_ALLOWED');
        throw error;
      }
      const attachment = {
        id: crypto.randomUUID(),
        threadId: thread.id,
        uploaderId: reader.actor.actorId,
        name: cleanFileName(file.name, type),
        type,
        size: bytes.length,
        storedIn: storages.forUploads.storedIn,
      };
      const isStored = await db.transaction(async (tx) => {
        // One upload of a user at a time passes the quota check, so two cannot both fit.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`attachments:${reader.actor.actorId}`}))`,
        );
        const used = await repository.bytesStoredBy(tx, reader.actor.actorId);
        if (used + bytes.length > quotaBytes) return false;
        await repository.insertAttachment(tx, { ...attachment, at: now() });
        await storages.forUploads.put(tx, attachment.id, bytes);
        await audit(tx, reader, {
          thread,
          attachmentId: attachment.id,
          action: 'create',
          outcome: 'success',
        });
        return true;
      });
      if (!isStored) {
        await audit(db, reader, { thread, action: 'create', outcome: 'denied' });
        throw new AppError('ATTACHMENT_QUOTA_EXCEEDED');
      }
      return repository.toAttachment(attachment);
    },

    /**
     * An attachment's description and bytes, for the thread's participants once it is on a
     * message, for its uploader before that; anyone else: 404 `ATTACHMENT_NOT_FOUND`.
     */
    async download({
      reader,
      threadId,
      attachmentId,
    }: {
      reader: MessageReader;
      threadId: string;
      attachmentId: string;
    }): Promise<{ attachment: TAttachment; bytes: Buffer }> {
      const storedThreadId = storedId(threadId);
      const thread = storedThreadId
        ? await threads.findVisibleThread(db, readerOf(reader), storedThreadId)
        : undefined;
      const id = storedId(attachmentId);
      const found =
        thread && id ? await repository.findAttachment(db, { threadId: thread.id, id }) : undefined;
      const mayRead =
        found && (found.messageId !== null || found.uploaderId === reader.actor.actorId);
      const storage = found && storages.of(found.storedIn);
      const bytes = mayRead && storage ? await storage.get(db, found.id) : undefined;
      if (!found || !bytes) {
        await audit(db, reader, {
          thread,
          threadId: storedThreadId,
          attachmentId: id,
          action: 'read',
          outcome: 'denied',
        });
        throw new AppError('ATTACHMENT_NOT_FOUND');
      }
      await audit(db, reader, {
        thread,
        attachmentId: found.id,
        action: 'read',
        outcome: 'success',
      });
      return { attachment: repository.toAttachment(found), bytes };
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
