import crypto from 'node:crypto';
import pg from 'pg';

export interface Subscriber {
  /** A message another instance published on the channel. */
  onMessage(payload: string): void;
  /** Messages may have been missed (the listening connection dropped): forget everything. */
  onReset(): void;
}

/**
 * Messages between the API instances sharing a database, through PostgreSQL's LISTEN/NOTIFY:
 * no extra server. One dedicated connection listens (opened on the first subscription,
 * reopened after a failure); publishing is one `pg_notify` on the pool, answered once the
 * notification is committed, i.e. already on its way to every listener. An instance does not
 * receive its own messages.
 */
export interface Notifications {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, subscriber: Subscriber): () => void;
  /**
   * Resolves once every message published (committed) before the call has been delivered here:
   * one round trip on the listening connection, since PostgreSQL sends a listener its pending
   * notifications before the answer to its next query. Callers at the same moment share a
   * round trip not yet sent. Not listening: subscribers are reset (nothing can be trusted).
   */
  sync(): Promise<void>;
  /** Settles once the first attempt to listen is over (an instance waits for it to be ready). */
  whenListening(): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

export function createNotifications({ url, pool }: { url: string; pool: pg.Pool }): Notifications {
  // Per connection set, not per process: tests run several apps in one process.
  const senderId = crypto.randomBytes(6).toString('hex');
  const subscribers = new Map<string, Set<Subscriber>>();
  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let isClosed = false;
  const prefix = `${senderId} `;

  const resetAll = () => subscribers.forEach((set) => set.forEach((s) => s.onReset()));
  let sent: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  /** A round trip sent now; a failure means messages may be lost. */
  const roundTrip = (client: pg.Client): Promise<void> => {
    const trip: Promise<void> = client
      .query('select 1')
      .then(
        () => {},
        () => resetAll(),
      )
      .finally(() => {
        if (sent === trip) sent = undefined;
      });
    sent = trip;
    return trip;
  };

  const lost = (client: pg.Client) => {
    if (listener !== client) return;
    listener = undefined;
    client.end().catch(() => {});
    resetAll();
    if (!isClosed) {
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    }
  };

  function sync(): Promise<void> {
    const client = listener;
    if (!client) {
      resetAll();
      return Promise.resolve();
    }
    if (!sent) return roundTrip(client);
    // The one in flight may have been sent before this call: wait for the next one.
    queued ??= sent.then(() => {
      queued = undefined;
      return listener === client ? roundTrip(client) : sync();
    });
    return queued;
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => lost(client));
      client.on('end', () => lost(client));
      client.on('notification', ({ channel, payload }) => {
        if (!payload || payload.startsWith(prefix)) return;
        const message = payload.slice(payload.indexOf(' ') + 1);
        subscribers.get(channel)?.forEach((subscriber) => subscriber.onMessage(message));
      });
      try {
        await client.connect();
        listener = client;
        for (const channel of subscribers.keys()) await client.query(`listen "${channel}"`);
        // Whatever was cached before this connection listened may be stale.
        resetAll();
      } catch {
        if (listener === client) return lost(client);
        client.end().catch(() => {});
        if (!isClosed) {
          retry = setTimeout(() => void connect(), RECONNECT_MS);
          retry.unref();
        }
      }
    })().finally(() => (connecting = undefined));
    return connecting;
  }

  return {
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, prefix + payload]);
    },
    subscribe(channel, subscriber) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
      let set = subscribers.get(channel);
      if (!set) {
        set = new Set();
        subscribers.set(channel, set);
        if (listener) listener.query(`listen "${channel}"`).catch(() => {});
        else if (!isClosed) void connect();
      }
      set.add(subscriber);
      return () => set.delete(subscriber);
    },
    sync,
    async whenListening() {
      await connecting;
    },
    async close() {
      isClosed = true;
      clearTimeout(retry);
      await connecting;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}
