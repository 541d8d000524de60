import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { openMessageStream, type StreamEvent } from './message-stream.ts';

let api: FakeApi;
let close: (() => void) | undefined;
beforeEach(() => {
  api = startFakeApi();
});
afterEach(() => close?.());

function open(getToken: () => Promise<string | null> = () => Promise.resolve('token-1')) {
  const events: StreamEvent[] = [];
  const waits: number[] = [];
  const stream = openMessageStream({
    getToken,
    onEvent: (event) => events.push(event),
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  close = stream.close;
  return { events, waits };
}

describe('openMessageStream', () => {
  it('reconnects after a drop, after a delay, asking for what came after the last event', async () => {
    const stored = api.messages.addClinicalThread();
    const { events, waits } = open();
    await expect.poll(() => api.messages.connections.length).toBe(1);
    const message = api.messages.writeFromOtherSide(stored, 'Hello');
    api.messages.connections[0]!.send({
      name: 'message',
      id: 5,
      data: { message, unreadCount: 1 },
    });
    api.messages.connections[0]!.send({
      name: 'read',
      data: { threadId: stored.thread._id, isMine: true },
    });
    await expect.poll(() => events.length).toBe(2);
    expect(events[0]).toMatchObject({ type: 'message', unreadCount: 1 });
    expect(events[1]).toEqual({ type: 'read', threadId: stored.thread._id, isMine: true });

    api.messages.connections[0]!.drop();
    await expect.poll(() => api.messages.connections.length).toBe(2);
    expect(waits).toHaveLength(1);
    // The server's `retry: 10`, jittered within its upper half.
    expect(waits[0]).toBeGreaterThanOrEqual(5);
    expect(waits[0]).toBeLessThanOrEqual(10);
    expect(api.messages.connections[1]!.headers.get('last-event-id')).toBe('5');
  });

  it('stops for good when the stream is not there to read', async () => {
    api.on('GET', /^\/api\/messages\/stream$/, () =>
      Response.json({ code: 'ROUTE_NOT_FOUND', message: 'x' }, { status: 404 }),
    );
    const { waits } = open();
    await expect.poll(() => api.requestsTo('GET', /stream$/).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('GET', /stream$/)).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });
});
