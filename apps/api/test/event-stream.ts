/** One server-sent event as a test reads it. */
export interface StreamEvent {
  event: string;
  id?: string;
  data: unknown;
}

/**
 * An event stream read as the web app reads it: `fetch`, the token in its header, events as
 * they come. `waitFor(n)` waits until n events have come (or the stream ended), at most 5 s.
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
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).trim());
          }
          if (!fields.has('event')) continue;
          events.push({
            event: fields.get('event')!,
            ...(fields.has('id') && { id: fields.get('id') }),
            data: JSON.parse(fields.get('data') ?? 'null'),
          });
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
    waiters.splice(0).forEach((wake) => wake());
  })();
  const waitFor = async (count: number, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (events.length < count && !ended && Date.now() < deadline)
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    return events;
  };
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
    waitForEnd,
    isEnded: () => ended,
    close: () => controller.abort(),
  };
}

/** Lets a server see a stream opened just before: its first bytes came after it connected. */
export const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));
