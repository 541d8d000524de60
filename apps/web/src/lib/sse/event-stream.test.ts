import { describe, expect, it } from 'vitest';
import { parseEventStream, type StreamEvent } from './event-stream.ts';

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

describe('parseEventStream', () => {
  it('reads named events with their data and id, whatever the pieces the body comes in', async () => {
    const events = await eventsOf(
      ': connected\n\nevent: pe',
      'er\ndata: {"state":"joined",',
      '"role":"patient"}\nid: 7\n\r',
      '\ndata: plain\n\n',
    );
    expect(events).toEqual([
      { type: 'peer', data: '{"state":"joined","role":"patient"}', lastEventId: '7' },
      { type: 'message', data: 'plain', lastEventId: '7' },
    ]);
  });

  it('joins data lines with newlines and skips an event without data', async () => {
    const events = await eventsOf('event: expired\n\nevent: ended\ndata: a\ndata:b\r\n\r\n');
    expect(events).toEqual([{ type: 'ended', data: 'a\nb', lastEventId: '' }]);
  });

  it('drops an event the stream ends in the middle of', async () => {
    expect(await eventsOf('event: replaced\ndata: {}\n')).toEqual([]);
  });
});
