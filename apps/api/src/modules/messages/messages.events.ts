import type { FastifyBaseLogger } from 'fastify';
import type { TMessage } from '@portal/shared/message-threads';
import type { Db } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { isUuid } from '../../lib/uuid.ts';
import { attachmentsOfMessages } from './attachments/attachments.repository.ts';
import { toMessage } from './messages.answers.ts';
import * as repository from './messages.repository.ts';
import type { Reader } from './messages.repository.ts';

/**
 * What happened to a thread, as the instances tell each other: ids only, never a message's text
 * (a NOTIFY payload passes through PostgreSQL's logs and every listening connection). The
 * instance that delivers an event reads the message itself and checks each reader then.
 */
export type MessageEvent =
  | { type: 'message'; threadId: string; messageId: string }
  | { type: 'read'; threadId: string; userId: string }
  | { type: 'closed'; threadId: string };

export interface MessageEvents {
  /** Delivers to this instance's streams and tells the other instances; never throws. */
  publish(event: MessageEvent): void;
}

/** One open stream: its reader, and how an event is written to it. */
export interface StreamConnection extends Reader {
  send(event: { name: 'message' | 'read' | 'closed'; id?: number; data: unknown }): void;
  /** Ends the stream (the instance is stopping). */
  end(): void;
}

export const MESSAGES_CHANNEL = 'messages';

function parseEvent(payload: string): MessageEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<Record<string, unknown>>;
    const ids = [event.threadId, event.messageId ?? event.userId].filter((id) => id !== undefined);
    if (!ids.every((id) => typeof id === 'string' && isUuid(id))) return null;
    if (event.type === 'message' && typeof event.messageId === 'string')
      return event as MessageEvent;
    if (event.type === 'read' && typeof event.userId === 'string') return event as MessageEvent;
    if (event.type === 'closed') return event as MessageEvent;
    return null;
  } catch {
    return null;
  }
}

/**
 * The live side of messages on one instance: the open streams, and the events of this instance
 * and of the others (LISTEN/NOTIFY on channel `messages`). For each event the thread's audience
 * is read once from the database (its practitioner and live links, or its requester, and
 * Support staff for a support thread), so a link ended a moment ago already receives nothing.
 */
export function createMessageHub({
  db,
  notifications,
  log,
}: {
  db: Db;
  notifications: Notifications;
  log: FastifyBaseLogger;
}) {
  const connections = new Set<StreamConnection>();
  let unsubscribe: (() => void) | undefined;

  async function deliver(event: MessageEvent): Promise<void> {
    if (connections.size === 0) return;
    const audience = await repository.findAudience(db, event.threadId);
    if (!audience) return;
    const readers = [...connections].filter(
      (connection) =>
        audience.userIds.has(connection.userId) ||
        (audience.kind === 'support' && connection.isSupportStaff),
    );
    if (readers.length === 0) return;
    if (event.type === 'message') {
      const message = await repository.findMessage(db, event.messageId);
      if (!message) return;
      const attachments = (await attachmentsOfMessages(db, [message.id])).get(message.id) ?? [];
      for (const reader of readers) {
        const thread = await repository.findVisibleThread(db, reader, event.threadId);
        if (!thread) continue;
        const data: { message: TMessage; unreadCount: number } = {
          message: toMessage(message, thread, reader, attachments),
          unreadCount: thread.unreadCount,
        };
        reader.send({ name: 'message', id: message.seq, data });
      }
      return;
    }
    for (const reader of readers)
      reader.send(
        event.type === 'read'
          ? {
              name: 'read',
              data: { threadId: event.threadId, isMine: event.userId === reader.userId },
            }
          : { name: 'closed', data: { threadId: event.threadId } },
      );
  }

  const deliverSafely = (event: MessageEvent) =>
    deliver(event).catch((error: unknown) =>
      log.error({ err: error }, 'message event not delivered'),
    );

  return {
    events: {
      publish(event) {
        void deliverSafely(event);
        notifications
          .publish(MESSAGES_CHANNEL, JSON.stringify(event))
          .catch((error: unknown) => log.error({ err: error }, 'message event not published'));
      },
    } satisfies MessageEvents,

    /** Adds a stream; the answer removes it. Listens on the channel from the first stream on. */
    connect(connection: StreamConnection): () => void {
      unsubscribe ??= notifications.subscribe(MESSAGES_CHANNEL, {
        onMessage: (payload) => {
          const event = parseEvent(payload);
          if (event) void deliverSafely(event);
        },
        // Missed notifications cannot be replayed here: readers catch up by Last-Event-ID.
        onReset: () => {},
      });
      connections.add(connection);
      return () => connections.delete(connection);
    },

    get connectionCount() {
      return connections.size;
    },

    /** Ends every stream and stops listening: the instance is stopping. */
    close() {
      for (const connection of connections) connection.end();
      connections.clear();
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}

export type MessageHub = ReturnType<typeof createMessageHub>;
