/**
 * Server-sent events read with `fetch`, so the bearer token travels in the `Authorization`
 * header and never in the URL (`EventSource` can send no header). `parseEventStream` turns a
 * response body into events by the WHATWG rules (fields `event`, `data`, `id`; comment lines and
 * `retry` ignored; one event per blank line); `openEventStream` makes the request.
 */

export interface StreamEvent {
  /** `message` when the event names none. */
  type: string;
  /** The `data` lines joined by newlines. */
  data: string;
  /** The last `id` seen on the stream so far (what `Last-Event-ID` would resend). */
  lastEventId: string;
}

/** The events of an event-stream body, in order, until it ends. */
export async function* parseEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let lastEventId = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      // A line ends with CRLF, LF or CR; a lone CR at the buffer's end may be half of a CRLF.
      const lines = buffer.split(/\r\n|\n|\r(?!$)/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0)
            yield { type: type || 'message', data: data.join('\n'), lastEventId };
          type = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') type = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) lastEventId = value;
      }
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
 * Opens `url` as an event stream with `token` as bearer and hands each event to `onEvent` until
 * the stream ends (resolves) or `signal` aborts it (resolves too). A refused request rejects
 * with `EventStreamRefused`; a network failure rejects as `fetch` does.
 */
export async function openEventStream({
  url,
  token,
  signal,
  onEvent,
}: {
  url: string;
  token: string | null;
  signal: AbortSignal;
  onEvent: (event: StreamEvent) => void;
}): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, cache: 'no-store' });
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  }
  const isStream = response.headers.get('Content-Type')?.startsWith('text/event-stream');
  if (!response.ok || !isStream || !response.body) {
    await response.body?.cancel();
    throw new EventStreamRefused(response.status);
  }
  try {
    for await (const event of parseEventStream(response.body)) {
      if (signal.aborted) return;
      onEvent(event);
    }
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  }
}
