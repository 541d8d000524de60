import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/database.ts';
import { createNotifications, type Notifications } from './notifications.ts';

const database = useTestDatabase();

/** A subscriber whose messages and resets the test can await. */
function recorder() {
  const messages: string[] = [];
  let resets = 0;
  let wake: (() => void) | undefined;
  const changed = () => new Promise<void>((resolve) => (wake = resolve));
  return {
    messages,
    resets: () => resets,
    changed,
    subscriber: {
      onMessage(payload: string) {
        messages.push(payload);
        wake?.();
      },
      onReset() {
        resets += 1;
        wake?.();
      },
    },
  };
}

describe('notifications between instances (LISTEN/NOTIFY)', () => {
  let a: Notifications;
  let b: Notifications;
  beforeAll(() => {
    a = createNotifications({ url: database.url, pool: database.pool });
    b = createNotifications({ url: database.url, pool: database.pool });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("delivers one instance's messages to the others, not to itself", async () => {
    const atA = recorder();
    const atB = recorder();
    a.subscribe('test_channel', atA.subscriber);
    b.subscribe('test_channel', atB.subscriber);
    await Promise.all([a.whenListening(), b.whenListening()]);
    const arrived = atB.changed();
    await a.publish('test_channel', 'owner-1');
    await arrived;
    expect(atB.messages).toEqual(['owner-1']);
    const back = atA.changed();
    await b.publish('test_channel', 'owner-2');
    await back;
    expect(atA.messages).toEqual(['owner-2']);
    expect(atB.messages).toEqual(['owner-1']);
  });

  it('resets subscribers when the listening connection drops, then listens again', async () => {
    const atB = recorder();
    b.subscribe('drop_channel', atB.subscriber);
    await b.whenListening();
    const resetsBefore = atB.resets();
    const dropped = atB.changed();
    await database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query like 'listen %'`,
    );
    await dropped;
    expect(atB.resets()).toBeGreaterThan(resetsBefore);
    // Reconnected (a reset again once it listens): messages arrive once more.
    while (atB.resets() < resetsBefore + 2) await atB.changed();
    const arrived = atB.changed();
    await a.publish('drop_channel', 'after-reconnect');
    await arrived;
    expect(atB.messages).toEqual(['after-reconnect']);
  });
});
