import { describe, expect, it } from 'vitest';
import {
  createSseParser,
  EventStreamRefused,
  openEventStream,
  parseEventStream,
  type StreamEvent,
} from './event-stream.ts';

const parse = (...chunks: string[]) => {
  const events: StreamEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return { events, parser };
};

/** A body that arrives in the given pieces, as a network delivers it. */
function bodyOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(...chunks: string[]): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of parseEventStream(bodyOf(...chunks))) events.push(event);
  return events;
}

const streamAnswer = (body: BodyInit | null, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });

describe('createSseParser', () => {
  it('reads named events with ids and data, skipping comments and the retry advice', () => {
    const { events, parser } = parse(
      'retry: 3000\n: connected\n\n',
      'event: message\nid: 41\ndata: {"a":1}\n\n',
      'event: read\ndata: {"threadId":"t"}\n\n',
    );
    expect(events).toEqual([
      { type: 'message', id: '41', data: '{"a":1}', lastEventId: '41' },
      { type: 'read', data: '{"threadId":"t"}', lastEventId: '41' },
    ]);
    expect(parser.retryMs).toBe(3000);
  });

  it('joins pieces cut anywhere, CRLF split between pieces included', () => {
    const { events } = parse(
      'event: mess',
      'age\r',
      '\ndata: li',
      'ne 1\r\ndata: line 2\r',
      '\n\r\n',
    );
    expect(events).toEqual([{ type: 'message', data: 'line 1\nline 2', lastEventId: '' }]);
  });

  it('drops an event without data and names an unnamed one `message`', () => {
    const { events } = parse('event: expired\n\n', 'data: x\n\n');
    expect(events).toEqual([{ type: 'message', data: 'x', lastEventId: '' }]);
  });
});

describe('parseEventStream', () => {
  it('reads a body whatever the pieces it comes in', async () => {
    const events = await eventsOf(
      ': connected\n\nevent: pe',
      'er\ndata: {"state":"joined",',
      '"role":"patient"}\nid: 7\n\r',
      '\ndata: plain\n\n',
    );
    expect(events).toEqual([
      { type: 'peer', data: '{"state":"joined","role":"patient"}', id: '7', lastEventId: '7' },
      { type: 'message', data: 'plain', lastEventId: '7' },
    ]);
  });

  it('drops an event the stream ends in the middle of', async () => {
    expect(await eventsOf('event: replaced\ndata: {}\n')).toEqual([]);
  });
});

describe('openEventStream', () => {
  it('sends the bearer token and Last-Event-ID in headers, and answers the retry advice at the end', async () => {
    const requests: Request[] = [];
    const events: StreamEvent[] = [];
    const ended = await openEventStream({
      url: 'https://portal.test/api/messages/stream',
      token: 'token-1',
      lastEventId: '41',
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
      fetchFn: async (input, init) => {
        requests.push(new Request(input, init));
        return streamAnswer('retry: 2500\n\nevent: message\nid: 42\ndata: {}\n\n');
      },
    });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(requests[0]!.headers.get('Last-Event-ID')).toBe('41');
    expect(requests[0]!.headers.get('Accept')).toBe('text/event-stream');
    expect(requests[0]!.url).not.toContain('token');
    expect(events).toEqual([{ type: 'message', data: '{}', id: '42', lastEventId: '42' }]);
    expect(ended).toEqual({ retryMs: 2500 });
  });

  it('asks for the priority it is given, and the browser default otherwise', async () => {
    const priorities: (RequestPriority | undefined)[] = [];
    for (const priority of ['low', undefined] as const) {
      await openEventStream({
        url: 'https://portal.test/api/messages/stream',
        token: 'token-1',
        signal: new AbortController().signal,
        onEvent: () => {},
        priority,
        fetchFn: async (_input, init) => {
          priorities.push(init?.priority);
          return streamAnswer('');
        },
      });
    }
    expect(priorities).toEqual(['low', undefined]);
  });

  it('rejects a refused stream with its status', async () => {
    const refused = openEventStream({
      url: '/api/x',
      token: 'token-1',
      signal: new AbortController().signal,
      onEvent: () => {},
      fetchFn: async () => Response.json({ code: 'VIDEO_NOT_OPEN' }, { status: 409 }),
    });
    await expect(refused).rejects.toEqual(new EventStreamRefused(409));
  });

  it('resolves quietly when aborted, delivering nothing after', async () => {
    const stop = new AbortController();
    let push!: (text: string) => void;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    const events: StreamEvent[] = [];
    const reading = openEventStream({
      url: '/api/x',
      token: null,
      signal: stop.signal,
      onEvent: (event) => {
        events.push(event);
        stop.abort();
      },
      fetchFn: async (_input, init) => {
        init?.signal?.addEventListener('abort', () => void body.cancel().catch(() => {}));
        return streamAnswer(body);
      },
    });
    push('data: one\n\ndata: two\n\n');
    await expect(reading).resolves.toEqual({ retryMs: undefined });
    expect(events.map((event) => event.data)).toEqual(['one']);
  });
});
