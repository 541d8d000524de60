import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { systemClock } from '../../lib/clock.ts';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertActorAuditEvents } from '../audit/owned-records.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import type { Db } from '../../db/client.ts';
import { toMessage } from './messages.answers.ts';
import type { MessageHub, StreamConnection } from './messages.events.ts';
import { attachmentsOfMessages } from './attachments/attachments.repository.ts';
import { findMessagesAfter } from './messages.repository.ts';
import { isSupportStaff } from './messages.routes.ts';

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;
/** At most this many missed messages are replayed after a reconnect. */
const CATCH_UP_MAX = 500;

const ZStreamHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'last-event-id must be the id of an event this stream sent')
    .optional()
    .describe('The id of the last `message` event received: the stream first sends those after it'),
});

/** When the request's bearer token expires (already verified by authentication), in ms. */
function tokenExpiry(request: FastifyRequest): number | null {
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  try {
    const { exp } = decodeJwt(token ?? '');
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

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
    now = systemClock,
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
      // A client that does not ask for a stream (a generic client, a link followed) gets an
      // answer at once rather than a connection that stays open.
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? ''))
        throw new AppError('NOT_ACCEPTABLE');
      const actor = await actorOf(request);
      const reader = {
        userId: actor.actorId,
        isSupportStaff: isSupportStaff(request, supportEmails),
      };
      await insertActorAuditEvents(db, actor, [
        { patientId: null, subject: null, action: 'list', outcome: 'success' },
      ]);
      const expiresAt = tokenExpiry(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        // One stream per connection: once it ends the socket goes too, so nothing idles open.
        connection: 'close',
      });
      let isOpen = true;
      const write = (text: string) => {
        if (isOpen) raw.write(text);
      };
      const connection: StreamConnection = {
        ...reader,
        send({ name, id, data }) {
          write(
            `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`,
          );
        },
        end: () => finish(),
      };
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref();
      const expiry =
        expiresAt === null
          ? undefined
          : setTimeout(
              () => {
                write('event: expired\ndata: {}\n\n');
                finish();
              },
              Math.max(0, expiresAt - now().getTime()),
            );
      expiry?.unref();
      // Listening before the catch-up is read: a message written in between is sent twice at
      // most, and the client drops an id it has seen.
      const disconnect = hub.connect(connection);
      function finish() {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(keepAlive);
        clearTimeout(expiry);
        disconnect();
        raw.end();
      }
      // The answer's close, not the request's: a request is closed once read.
      raw.on('close', finish);
      write('retry: 3000\n: connected\n\n');

      const lastId = request.headers['last-event-id'];
      if (lastId !== undefined) {
        const missed = await findMessagesAfter(db, {
          reader,
          afterSeq: Number(lastId),
          limit: CATCH_UP_MAX,
        });
        const attachments = await attachmentsOfMessages(
          db,
          missed.map(({ message }) => message.id),
        );
        for (const { message, thread } of missed)
          connection.send({
            name: 'message',
            id: message.seq,
            data: {
              message: toMessage(message, thread, reader, attachments.get(message.id) ?? []),
              unreadCount: thread.unreadCount,
            },
          });
      }
    },
  );
}
