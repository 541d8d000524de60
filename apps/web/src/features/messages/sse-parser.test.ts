import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse-parser.ts';

const parse = (...chunks: string[]) => {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return { events, parser };
};

describe('createSseParser', () => {
  it('reads named events with ids and data, skipping comments and the retry advice', () => {
    const { events, parser } = parse(
      'retry: 3000\n: connected\n\n',
      'event: message\nid: 41\ndata: {"a":1}\n\n',
      'event: read\ndata: {"threadId":"t"}\n\n',
    );
    expect(events).toEqual([
      { name: 'message', id: '41', data: '{"a":1}' },
      { name: 'read', data: '{"threadId":"t"}' },
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
    expect(events).toEqual([{ name: 'message', data: 'line 1\nline 2' }]);
  });

  it('drops an event without data and names an unnamed one `message`', () => {
    const { events } = parse('event: expired\n\n', 'data: x\n\n');
    expect(events).toEqual([{ name: 'message', data: 'x' }]);
  });
});
