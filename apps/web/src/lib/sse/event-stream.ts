/**
 * Server-sent events read with `fetch`, so the bearer token travels in the `Authorization`
 * header and never in the URL (`EventSource` can send no header, and a token in the address
 * would be logged on the way). One reader for every live stream of the app (the messages, a
 * video call's signalling): `createSseParser` reads the format by the HTML standard's rules,
 * `parseEventStream` turns a response body into events, `openEventStream` makes one connection.
 * When to connect again, and what a feature does with its events, is the feature's.
 */

export interface StreamEvent {
  /** `event:`; `message` when the event names none. */
  type: string;
  /** The `data:` lines joined by line breaks. */
  data: string;
  /** This event's own `id:`, if it had one. */
  id?: string;
  /** The last `id` seen on the stream so far (what `Last-Event-ID` resends on reconnecting). */
  lastEventId: string;
}

/**
 * Reads `text/event-stream` text as it arrives, in pieces cut anywhere (even inside a line or
 * between a CR and its LF). Comment lines (`:`) keep the connection alive and are skipped;
 * `retry:` is the server's advice for the reconnection delay. An event is dispatched at its blank
 * line; one with no data is dropped, as a browser's EventSource drops it.
 */
export function createSseParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id: string | undefined;
  let lastEventId = '';
  let retryMs: number | undefined;

  function takeLine(line: string) {
    if (line === '') {
      if (data.length > 0)
        onEvent({
          type: type || 'message',
          data: data.join('\n'),
          ...(id !== undefined && { id }),
          lastEventId,
        });
      type = '';
      data = [];
      id = undefined;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const end = /\r\n|\r|\n/.exec(buffer);
        // A CR at the very end may be the first half of CRLF: wait for the next piece.
        if (!end || (end[0] === '\r' && end.index === buffer.length - 1)) return;
        takeLine(buffer.slice(0, end.index));
        buffer = buffer.slice(end.index + end[0].length);
      }
    },
    /** The server's `retry:` advice, once it has given one. */
    get retryMs() {
      return retryMs;
    },
  };
}

/** The events of an event-stream body, in order, until it ends. */
export async function* parseEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<StreamEvent, { retryMs: number | undefined }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let ready: StreamEvent[] = [];
  const parser = createSseParser((event) => ready.push(event));
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { retryMs: parser.retryMs };
      parser.push(decoder.decode(value, { stream: true }));
      const events = ready;
      ready = [];
      yield* events;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The request was answered with something other than a 200 event stream. */
export class EventStreamRefused extends Error {
  constructor(readonly status: number) {
    super(`The event stream was refused (${status}).`);
    this.name = 'EventStreamRefused';
  }
}

/**
 * Opens `url` as an event stream with `token` as bearer (and `lastEventId` as `Last-Event-ID`,
 * so the server replays what came after it) and hands each event to `onEvent` until the stream
 * ends or `signal` aborts it; either way it resolves with the server's `retry:` advice. A refused
 * request rejects with `EventStreamRefused`; a network failure rejects as `fetch` does.
 */
export async function openEventStream({
  url,
  token,
  lastEventId,
  signal,
  onOpen,
  onEvent,
  fetchFn = (input, init) => fetch(input, init),
  priority,
}: {
  url: string;
  token: string | null;
  lastEventId?: string;
  signal: AbortSignal;
  /** The request's fetch priority: `low` for a stream that must not hold up a page's loading. */
  priority?: RequestPriority;
  /** The stream is open (answered 200). */
  onOpen?: () => void;
  onEvent: (event: StreamEvent) => void;
  fetchFn?: typeof fetch;
}): Promise<{ retryMs: number | undefined }> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  let response: Response;
  try {
    response = await fetchFn(url, {
      headers,
      signal,
      cache: 'no-store',
      ...(priority && { priority }),
    });
  } catch (error) {
    if (signal.aborted) return { retryMs: undefined };
    throw error;
  }
  const isStream = response.headers.get('Content-Type')?.startsWith('text/event-stream');
  if (!response.ok || !isStream || !response.body) {
    await response.body?.cancel();
    throw new EventStreamRefused(response.status);
  }
  onOpen?.();
  const events = parseEventStream(response.body);
  try {
    for (;;) {
      const next = await events.next();
      if (signal.aborted) return { retryMs: undefined };
      if (next.done) return next.value;
      onEvent(next.value);
    }
  } catch (error) {
    if (signal.aborted) return { retryMs: undefined };
    throw error;
  }
}
