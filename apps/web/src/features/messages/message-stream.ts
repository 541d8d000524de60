import {
  EventStreamRefused,
  openEventStream,
  type StreamEvent as ServerSentEvent,
} from '../../lib/sse/event-stream.ts';
import type { TThreadMessage } from './message-types.ts';

/** What the live stream tells, once parsed. */
export type StreamEvent =
  | { type: 'message'; message: TThreadMessage; unreadCount: number }
  | { type: 'read'; threadId: string; isMine: boolean }
  | { type: 'closed'; threadId: string };

/** The first reconnection waits this long (or the server's `retry:`), doubling up to the cap. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** Ids of messages already delivered, so a replay after a reconnect shows nothing twice. */
const SEEN_MAX = 500;

export interface MessageStreamOptions {
  /** The bearer token; asked again before every connection, so an expired one is refreshed. */
  getToken: () => Promise<string | null>;
  onEvent: (event: StreamEvent) => void;
  url?: string;
  fetchFn?: typeof fetch;
  /** Waits before a reconnection (tests shorten it); ends early when `signal` aborts. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const waitFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** A status after which trying again cannot help: the stream stays closed. */
const isFinal = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;

function parsed(event: ServerSentEvent): StreamEvent | null {
  try {
    const data = JSON.parse(event.data) as Record<string, unknown>;
    if (event.type === 'message' && data.message && typeof data.message === 'object') {
      const message = data.message as TThreadMessage;
      return {
        type: 'message',
        message: { ...message, attachments: message.attachments ?? [] },
        unreadCount: typeof data.unreadCount === 'number' ? data.unreadCount : 0,
      };
    }
    if (event.type === 'read' && typeof data.threadId === 'string')
      return { type: 'read', threadId: data.threadId, isMine: data.isMine === true };
    if (event.type === 'closed' && typeof data.threadId === 'string')
      return { type: 'closed', threadId: data.threadId };
  } catch {
    // Not JSON: not an event of this API.
  }
  return null;
}

/**
 * Reads `GET /api/messages/stream` with `fetch`, so the bearer token travels in the
 * `Authorization` header (an EventSource can send no header, and a token in the address would
 * be logged on the way). A dropped connection is opened again after a growing, jittered delay
 * with `Last-Event-ID`, so the API replays what was missed; an `expired` event (the token ran
 * out) reconnects at once with a fresh token. `close()` ends it for good.
 */
export function openMessageStream({
  getToken,
  onEvent,
  url = '/api/messages/stream',
  fetchFn = (input, init) => fetch(input, init),
  wait = waitFor,
}: MessageStreamOptions): { close: () => void } {
  const stop = new AbortController();
  const seen: string[] = [];
  let lastEventId: string | undefined;
  let failures = 0;
  let retryMs = FIRST_DELAY_MS;
  let lastToken: string | null = null;
  let needsFreshToken = false;

  const backOff = () => {
    const delay = Math.min(MAX_DELAY_MS, retryMs * 2 ** failures);
    failures += 1;
    return wait(delay / 2 + Math.random() * (delay / 2), stop.signal);
  };

  const deliver = (event: ServerSentEvent) => {
    if (event.id !== undefined) lastEventId = event.id;
    const known = parsed(event);
    if (!known) return;
    if (known.type === 'message') {
      if (seen.includes(known.message._id)) return;
      seen.push(known.message._id);
      if (seen.length > SEEN_MAX) seen.shift();
    }
    onEvent(known);
  };

  /**
   * One connection: `expired` when the token ran out (or was refused), `final` when trying again
   * cannot help, `dropped` otherwise.
   */
  async function connect(token: string): Promise<'expired' | 'final' | 'dropped'> {
    let isExpired = false;
    try {
      const advice = await openEventStream({
        url,
        token,
        lastEventId,
        signal: stop.signal,
        fetchFn,
        // Low priority: the stream never ends, and a page's loading (Lighthouse's wait for the
        // network to settle counts every high-priority request still open) is not waiting for it.
        priority: 'low',
        onOpen: () => (failures = 0),
        onEvent: (event) => {
          if (event.type === 'expired') isExpired = true;
          else deliver(event);
        },
      });
      retryMs = advice.retryMs ?? retryMs;
    } catch (error) {
      if (!(error instanceof EventStreamRefused)) throw error;
      if (error.status === 401) return 'expired';
      return isFinal(error.status) ? 'final' : 'dropped';
    }
    return isExpired ? 'expired' : 'dropped';
  }

  void (async () => {
    while (!stop.signal.aborted) {
      try {
        const token = await getToken();
        if (stop.signal.aborted) return;
        // The same token again after it expired would only be refused: wait for a fresh one.
        if (!token || (needsFreshToken && token === lastToken)) {
          await backOff();
          continue;
        }
        lastToken = token;
        needsFreshToken = false;
        const ended = await connect(token);
        if (ended === 'final') return;
        if (ended === 'expired') needsFreshToken = true;
        else await backOff();
      } catch {
        if (stop.signal.aborted) return;
        await backOff();
      }
    }
  })();

  return { close: () => stop.abort() };
}
