import pg from 'pg';

/**
 * Runs `work` while this instance holds a session-level advisory lock on `key`, so instances
 * started together on one database take turns at it. The lock is held on a connection of its
 * own, made like the pool's but without DB_STATEMENT_TIMEOUT_MS: that bounds requests, not
 * this (waiting for another instance's turn and CREATE EXTENSION under load take longer than
 * a request may, and on a pool connection even the `SET` lifting the timeout could be cut
 * short). `work` may use that connection, or the pool: the pool is not held meanwhile.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: number,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const options: pg.ClientConfig = { ...(pool.options as pg.ClientConfig) };
  delete options.statement_timeout;
  const client = new pg.Client(options);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end().catch(() => {});
  }
}
