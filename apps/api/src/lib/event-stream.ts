import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';

/**
 * Server-sent events over one hijacked answer, as the live routes (messages, video signalling)
 * write them: read with `fetch` so the bearer token stays in the `Authorization` header, a
 * comment every 25 s so proxies keep a quiet stream open, and an end at a given time (the
 * token's expiry, a call's window) with a last event first.
 */

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

export interface EventStream {
  send(event: { name: string; id?: number; data: unknown }): void;
  /** Ends the stream (once; later calls do nothing). */
  end(): void;
  readonly isOpen: boolean;
}

/**
 * A client that does not ask for a stream (a generic client, a link followed) gets an answer
 * at once rather than a connection that stays open: 406 `NOT_ACCEPTABLE`.
 */
export function requireEventStream(request: FastifyRequest): void {
  if (!/\btext\/event-stream\b/.test(request.headers.accept ?? ''))
    throw new AppError('NOT_ACCEPTABLE');
}

/** When the request's bearer token expires (already verified by authentication), in ms. */
export function tokenExpiry(request: FastifyRequest): number | null {
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  try {
    const { exp } = decodeJwt(token ?? '');
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Takes over the answer and starts the stream. At `endsAt` (ms; null: never) the event
 * `endEvent` names is sent, when one is given, and the stream ends. `onEnd` runs once, however
 * it ends: the client went away, `end()`, the time.
 */
export function openEventStream(
  reply: FastifyReply,
  {
    endsAt,
    endEvent,
    onEnd,
    now = systemClock,
  }: {
    endsAt: number | null;
    endEvent?: string;
    onEnd: () => void;
    now?: Clock;
  },
): EventStream {
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
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  const timer =
    endsAt === null
      ? undefined
      : setTimeout(
          () => {
            if (endEvent) write(`event: ${endEvent}\ndata: {}\n\n`);
            end();
          },
          Math.max(0, endsAt - now().getTime()),
        );
  timer?.unref();
  function end() {
    if (!isOpen) return;
    isOpen = false;
    clearInterval(keepAlive);
    clearTimeout(timer);
    onEnd();
    raw.end();
  }
  // The answer's close, not the request's: a request is closed once read.
  raw.on('close', end);
  write('retry: 3000\n: connected\n\n');
  return {
    send({ name, id, data }) {
      write(
        `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`,
      );
    },
    end,
    get isOpen() {
      return isOpen;
    },
  };
}
