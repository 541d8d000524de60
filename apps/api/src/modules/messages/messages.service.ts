import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import {
  MESSAGE_TEXTS,
  type TMessage,
  type TThread,
  type TThreadInput,
  type TThreadWithMessages,
} from '@portal/shared/message-threads';
import type { DbAndClock, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { isApiInstant } from '../../lib/etag.ts';
import {
  instantIdKeyAfter,
  keyAfter,
  pageOf,
  type Page,
  type PageRequest,
} from '../../lib/paging.ts';
import { isUuid, storedId } from '../../lib/uuid.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import { attachmentsOfMessages, attachToMessage } from './attachments/attachments.repository.ts';
import { readsAsSupport, toMessage, toThread } from './messages.answers.ts';
import type { MessageEvents } from './messages.events.ts';
import * as repository from './messages.repository.ts';
import type { InboxKey, Reader, ThreadRecord } from './messages.repository.ts';

/** Who asks: the audited actor, and whether the account is Support staff. */
export interface MessageReader {
  actor: Actor;
  isSupportStaff: boolean;
}

const readerOf = ({ actor, isSupportStaff }: MessageReader): Reader => ({
  userId: actor.actorId,
  isSupportStaff,
});

const isInboxKey = (key: unknown[]): key is [number, string, string] =>
  key.length === 3 &&
  (key[0] === 0 || key[0] === 1) &&
  isApiInstant(key[1]) &&
  typeof key[2] === 'string' &&
  isUuid(key[2]);

/**
 * Secure messages: threads about one patient between its practitioner and the people linked to
 * the record, and threads with the Support desk. Every read and change is audited with the
 * thread (and, for a clinical thread, its patient); anyone who may not see a thread gets the
 * same audited 404 `THREAD_NOT_FOUND` as for one that does not exist.
 */
export function createMessageService({
  db,
  now = systemClock,
  events,
}: DbAndClock & { events: MessageEvents }) {
  const audit = (
    tx: DbOrTx,
    actor: Actor,
    {
      thread,
      threadId,
      subject,
      action,
      outcome,
    }: {
      thread?: Pick<ThreadRecord, 'id' | 'patientId'>;
      threadId?: string | null;
      subject?: { kind: 'message'; id: string };
      action: TAuditAction;
      outcome: TAuditOutcome;
    },
  ) => {
    const id = thread?.id ?? threadId ?? null;
    return insertActorAuditEvents(tx, actor, [
      {
        patientId: thread?.patientId ?? null,
        subject: subject ?? (id ? { kind: 'thread', id } : null),
        action,
        outcome,
      },
    ]);
  };

  /** The thread, when the reader may see it; otherwise an audited 404. */
  async function visibleThread(reader: MessageReader, id: string, action: TAuditAction) {
    const threadId = storedId(id);
    const thread = threadId && (await repository.findVisibleThread(db, readerOf(reader), threadId));
    if (thread) return thread;
    await audit(db, reader.actor, { threadId, action, outcome: 'denied' });
    throw new AppError('THREAD_NOT_FOUND');
  }

  /**
   * Writes a message carrying `attachmentIds`: each must be the writer's own upload to this
   * thread not yet on a message, or nothing is written (400 with `fieldErrors.attachmentIds`).
   */
  async function addMessage(
    reader: MessageReader,
    thread: ThreadRecord,
    body: string,
    attachmentIds: readonly string[] = [],
  ): Promise<TMessage> {
    const at = now();
    const ids = [...new Set(attachmentIds.map((id) => id.toLowerCase()))];
    const added = await db.transaction(async (tx) => {
      const inserted = await repository.insertMessage(tx, {
        threadId: thread.id,
        authorId: reader.actor.actorId,
        isSupport: thread.kind === 'support' && readsAsSupport(readerOf(reader), thread),
        body,
        at,
      });
      if (
        inserted &&
        ids.length > 0 &&
        (await attachToMessage(tx, {
          ids,
          threadId: thread.id,
          uploaderId: reader.actor.actorId,
          messageId: inserted.id,
        })) !== ids.length
      )
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGE_TEXTS.attachmentNotFound,
          fieldErrors: { attachmentIds: MESSAGE_TEXTS.attachmentNotFound },
        });
      if (inserted)
        await audit(tx, reader.actor, {
          thread,
          subject: { kind: 'message', id: inserted.id },
          action: 'create',
          outcome: 'success',
        });
      return inserted;
    });
    if (!added) {
      await audit(db, reader.actor, { thread, action: 'create', outcome: 'conflict' });
      throw new AppError('THREAD_CLOSED');
    }
    events.publish({ type: 'message', threadId: thread.id, messageId: added.id });
    const message = await repository.findMessage(db, added.id);
    const attachments = await attachmentsOfMessages(db, [added.id]);
    return toMessage(message!, thread, readerOf(reader), attachments.get(added.id) ?? []);
  }

  return {
    async listThreads({
      reader,
      box,
      patientId,
      page,
    }: {
      reader: MessageReader;
      box: 'mine' | 'support';
      patientId?: string | undefined;
      page: PageRequest;
    }): Promise<Page<TThread>> {
      if (box === 'support' && !reader.isSupportStaff) throw new AppError('ROUTE_NOT_FOUND');
      const after = keyAfter(page.cursor, isInboxKey) as InboxKey | null;
      const { rows, total } = await repository.findThreads(db, {
        reader: readerOf(reader),
        box,
        patientId: patientId?.toLowerCase(),
        after,
        limit: page.limit + 1,
      });
      await insertActorAuditEvents(db, reader.actor, [
        {
          patientId: patientId && rows.length > 0 ? patientId.toLowerCase() : null,
          subject: null,
          action: 'list',
          outcome: 'success',
        },
      ]);
      return pageOf(rows, {
        limit: page.limit,
        total,
        toItem: (row) => toThread(row, readerOf(reader)),
        keyOf: (row) => [
          box === 'support' ? row.isMember : 0,
          row.lastMessageAt.toISOString(),
          row.id,
        ],
      });
    },

    async createThread({
      reader,
      input,
    }: {
      reader: MessageReader;
      input: TThreadInput;
    }): Promise<TThreadWithMessages> {
      const { actor } = reader;
      let scope: { ownerId: string; patientId: string } | null = null;
      if (input.patientId !== undefined) {
        const patientId = input.patientId.toLowerCase();
        const patient = await repository.findWritablePatient(db, {
          userId: actor.actorId,
          patientId,
        });
        if (!patient) {
          await insertActorAuditEvents(db, actor, [
            { patientId, subject: null, action: 'create', outcome: 'denied' },
          ]);
          throw new AppError('PATIENT_NOT_FOUND');
        }
        scope = { ownerId: patient.ownerId, patientId };
      }
      const at = now();
      const threadId = await db.transaction(async (tx) => {
        const id = await repository.insertThread(tx, {
          kind: scope ? 'clinical' : 'support',
          ownerId: scope?.ownerId ?? null,
          patientId: scope?.patientId ?? null,
          requesterId: scope ? null : actor.actorId,
          subject: input.subject,
          at,
        });
        await audit(tx, actor, {
          thread: { id, patientId: scope?.patientId ?? null },
          action: 'create',
          outcome: 'success',
        });
        return id;
      });
      const thread = (await repository.findVisibleThread(db, readerOf(reader), threadId))!;
      const message = await addMessage(reader, thread, input.body);
      const fresh = (await repository.findVisibleThread(db, readerOf(reader), threadId))!;
      return { thread: toThread(fresh, readerOf(reader)), messages: [message] };
    },

    async getThread({
      reader,
      id,
      page,
    }: {
      reader: MessageReader;
      id: string;
      page: PageRequest;
    }): Promise<{ thread: TThread; page: Page<TMessage> }> {
      const thread = await visibleThread(reader, id, 'read');
      const after = instantIdKeyAfter(page.cursor);
      const { rows, total } = await repository.findMessages(db, {
        threadId: thread.id,
        after,
        limit: page.limit + 1,
      });
      await audit(db, reader.actor, { thread, action: 'read', outcome: 'success' });
      const attachments = await attachmentsOfMessages(
        db,
        rows.map((row) => row.id),
      );
      return {
        thread: toThread(thread, readerOf(reader)),
        page: pageOf(rows, {
          limit: page.limit,
          total,
          toItem: (row) => toMessage(row, thread, readerOf(reader), attachments.get(row.id) ?? []),
          keyOf: (row) => [row.createdAt.toISOString(), row.id],
        }),
      };
    },

    async postMessage({
      reader,
      id,
      body,
      attachmentIds,
    }: {
      reader: MessageReader;
      id: string;
      body: string;
      attachmentIds?: readonly string[] | undefined;
    }): Promise<TMessage> {
      const thread = await visibleThread(reader, id, 'create');
      try {
        return await addMessage(reader, thread, body, attachmentIds);
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED')
          await audit(db, reader.actor, { thread, action: 'create', outcome: 'invalid' });
        throw error;
      }
    },

    async markRead({ reader, id }: { reader: MessageReader; id: string }): Promise<TThread> {
      const thread = await visibleThread(reader, id, 'mark_read');
      await db.transaction(async (tx) => {
        await repository.markRead(tx, { threadId: thread.id, userId: reader.actor.actorId });
        await audit(tx, reader.actor, { thread, action: 'mark_read', outcome: 'success' });
      });
      events.publish({ type: 'read', threadId: thread.id, userId: reader.actor.actorId });
      const fresh = await repository.findVisibleThread(db, readerOf(reader), thread.id);
      return toThread(fresh!, readerOf(reader));
    },

    /**
     * Closes a thread: a clinical one by its practitioner, a support one by Support staff. Others
     * who see it get 403; a thread already closed stays as it was (409 `THREAD_CLOSED`).
     */
    async closeThread({ reader, id }: { reader: MessageReader; id: string }): Promise<TThread> {
      const thread = await visibleThread(reader, id, 'close');
      const mayClose =
        thread.kind === 'clinical'
          ? thread.ownerId === reader.actor.actorId
          : readsAsSupport(readerOf(reader), thread);
      if (!mayClose) {
        await audit(db, reader.actor, { thread, action: 'close', outcome: 'denied' });
        throw new AppError('FORBIDDEN');
      }
      const isClosed = await db.transaction(async (tx) => {
        const closed = await repository.closeThread(tx, {
          threadId: thread.id,
          by: reader.actor.actorId,
          at: now(),
        });
        await audit(tx, reader.actor, {
          thread,
          action: 'close',
          outcome: closed ? 'success' : 'conflict',
        });
        return closed;
      });
      if (!isClosed) throw new AppError('THREAD_CLOSED');
      events.publish({ type: 'closed', threadId: thread.id });
      const fresh = await repository.findVisibleThread(db, readerOf(reader), thread.id);
      return toThread(fresh!, readerOf(reader));
    },

    /** A body validation refused: audited as an invalid attempt, changing nothing. */
    async recordInvalidAttempt({ actor, id }: { actor: Actor; id?: string }) {
      await audit(db, actor, { threadId: storedId(id), action: 'create', outcome: 'invalid' });
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
