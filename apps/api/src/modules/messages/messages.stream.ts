import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { openEventStream, requireEventStream, tokenExpiry } from '../../lib/event-stream.ts';
import { insertActorAuditEvents } from '../audit/owned-records.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import type { Db } from '../../db/client.ts';
import { toMessage } from './messages.answers.ts';
import type { MessageHub, StreamConnection } from './messages.events.ts';
import { findMessagesAfter } from './messages.repository.ts';
import { isSupportStaff } from './messages.routes.ts';

/** At most this many missed messages are replayed after a reconnect. */
const CATCH_UP_MAX = 500;

const ZStreamHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'last-event-id must be the id of an event this stream sent')
    .optional()
    .describe('The id of the last `message` event received: the stream first sends those after it'),
});

/**
 * `GET /api/messages/stream`: server-sent events of the reader's threads, read with `fetch` so
 * the bearer token stays in the `Authorization` header. Each new message is a `message` event
 * whose id orders it; `Last-Event-ID` replays what a dropped connection missed. The stream ends
 * when the token expires (an `expired` event first), and when the instance stops.
 */
export function messageStreamRoutes(
  app: FastifyInstance,
  {
    db,
    hub,
    supportEmails,
    now,
  }: { db: Db; hub: MessageHub; supportEmails: readonly string[]; now?: Clock },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/messages/stream',
    {
      schema: {
        tags: ['messages'],
        summary: 'Live messages: a server-sent event stream of my conversations',
        description:
          'Content type `text/event-stream`. Events: `message` (`{ message, unreadCount }`, with an increasing `id`), `read` (`{ threadId, isMine }`), `closed` (`{ threadId }`), and `expired` when the token runs out, after which the stream ends: sign in again and reconnect with `Last-Event-ID` to receive the messages written meanwhile (at most 500). Read it with `fetch`, `Accept: text/event-stream` (otherwise 406 `NOT_ACCEPTABLE`) and the `Authorization` header; a token in the address is refused. Only the threads I may read reach me, checked when each event is sent. Opening it is audited (`list`).',
        headers: ZStreamHeaders,
        response: {
          200: z.string().describe('text/event-stream'),
          400: ZApiError,
          401: ZApiError,
          406: ZApiError,
        },
      },
    },
    async (request, reply) => {
      requireEventStream(request);
      const actor = await actorOf(request);
      const reader = {
        userId: actor.actorId,
        isSupportStaff: isSupportStaff(request, supportEmails),
      };
      await insertActorAuditEvents(db, actor, [
        { patientId: null, subject: null, action: 'list', outcome: 'success' },
      ]);
      // Listening before the stream starts, and before the catch-up is read: a message written
      // in between is sent twice at most, and the client drops an id it has seen.
      let disconnect = () => {};
      const stream = openEventStream(reply, {
        endsAt: tokenExpiry(request),
        endEvent: 'expired',
        onEnd: () => disconnect(),
        ...(now && { now }),
      });
      const connection: StreamConnection = {
        ...reader,
        send: (event) => stream.send(event),
        end: () => stream.end(),
      };
      if (stream.isOpen) disconnect = hub.connect(connection);

      const lastId = request.headers['last-event-id'];
      if (lastId !== undefined) {
        const missed = await findMessagesAfter(db, {
          reader,
          afterSeq: Number(lastId),
          limit: CATCH_UP_MAX,
        });
        for (const { message, thread } of missed)
          connection.send({
            name: 'message',
            id: message.seq,
            data: { message: toMessage(message, thread, reader), unreadCount: thread.unreadCount },
          });
      }
    },
  );
}
