import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type RawStreamEvent } from './event-stream.ts';

async function eventsOf(...pieces: string[]): Promise<RawStreamEvent[]> {
  const encoder = new TextEncoder();
  const events: RawStreamEvent[] = [];
  await readServerSentEvents(
    (async function* () {
      for (const piece of pieces) yield encoder.encode(piece);
    })(),
    (event) => events.push(event),
  );
  return events;
}

describe('readServerSentEvents', () => {
  it('reads events from pieces cut anywhere, CRLF between pieces included, skipping comments', async () => {
    expect(
      await eventsOf(
        'retry: 3000\n: connected\n\nevent: mess',
        'age\r',
        '\nid: 5\ndata: {"a":',
        '1}\r\n\r\ndata: one\ndata: two\n\nevent: expired\n\n',
      ),
    ).toEqual([
      { event: 'message', id: '5', data: '{"a":1}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });
});
