/** One server-sent event as a test reads it. */
export interface StreamEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** One event as the stream sent it: its name (`message` when none), `id`, and `data` text. */
export interface RawStreamEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * Reads a `text/event-stream` body until it ends (or is aborted), handing over each event as it
 * comes, by the format's rules: lines end with LF, CRLF or CR, wherever the pieces are cut;
 * comment lines are skipped; `data` lines are joined by line breaks; an event without data is
 * dropped. The API's tests and the messages' stream bench read streams with it.
 */
export async function readServerSentEvents(
  body: AsyncIterable<Uint8Array>,
  onEvent: (event: RawStreamEvent) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  let name = '';
  let id: string | undefined;
  let data: string[] = [];
  const takeLine = (line: string) => {
    if (line === '') {
      if (data.length > 0)
        onEvent({
          event: name || 'message',
          ...(id !== undefined && { id }),
          data: data.join('\n'),
        });
      [name, id, data] = ['', undefined, []];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (;;) {
      const end = /\r\n|\r|\n/.exec(buffer);
      // A CR at the very end may be the first half of CRLF: wait for the next piece.
      if (!end || (end[0] === '\r' && end.index === buffer.length - 1)) break;
      takeLine(buffer.slice(0, end.index));
      buffer = buffer.slice(end.index + end[0].length);
    }
  }
}

/**
 * An event stream read as the web app reads it: `fetch`, the token in its header, events as
 * they come. `waitFor(n)` waits until n events have come (or the stream ended), at most 5 s.
 * `waitUntil(isEnough)` waits the same way for a condition on the events.
 */
export async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  void (async () => {
    try {
      await readServerSentEvents(
        response.body as unknown as AsyncIterable<Uint8Array>,
        ({ event, id, data }) => {
          events.push({ event, ...(id !== undefined && { id }), data: JSON.parse(data) });
          waiters.splice(0).forEach((wake) => wake());
        },
      );
    } catch {
      // aborted by the test
    }
    ended = true;
    waiters.splice(0).forEach((wake) => wake());
  })();
  /** Waits until what has come satisfies `isEnough` (or the stream ended), at most 5 s. */
  const waitUntil = async (isEnough: (events: StreamEvent[]) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!isEnough(events) && !ended && Date.now() < deadline)
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    return events;
  };
  const waitFor = (count: number, timeoutMs?: number) =>
    waitUntil((received) => received.length >= count, timeoutMs);
  /** Waits until the stream has ended (by the server), at most 5 s. */
  const waitForEnd = async () => {
    const deadline = Date.now() + 5_000;
    while (!ended && Date.now() < deadline)
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    return ended;
  };
  return {
    response,
    events,
    waitFor,
    waitUntil,
    waitForEnd,
    isEnded: () => ended,
    close: () => controller.abort(),
  };
}

/** Lets a server see a stream opened just before: its first bytes came after it connected. */
export const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));
