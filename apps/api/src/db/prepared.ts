import type pg from 'pg';
import type { Db } from './client.ts';

/**
 * A statement PostgreSQL parses and plans once per connection (a named prepared statement),
 * for the hot routes: their SQL is fixed text, so neither drizzle's query builder nor the
 * server's parser runs again on every request.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

const names = new Set<string>();

export function prepare(name: string, text: string): PreparedStatement {
  // Two texts under one name would make the second fail on connections that prepared the first.
  if (names.has(name)) throw new Error(`prepared statement "${name}" is defined twice`);
  names.add(name);
  return { name, text };
}

/**
 * Runs a statement on the pool (never inside a drizzle transaction): a prepared one, or, without
 * a name, one planned anew for its values.
 */
export async function runPrepared<Row>(
  db: Db,
  statement: PreparedStatement | { text: string },
  values: unknown[],
): Promise<Row[]> {
  return runPreparedOn<Row>(db.$client, statement, values);
}

/** Runs a statement on the given pool: `db.$batchClient` for a batched statement. */
export async function runPreparedOn<Row>(
  pool: pg.Pool,
  statement: PreparedStatement | { text: string },
  values: unknown[],
): Promise<Row[]> {
  const result = await pool.query({ ...statement, values });
  return result.rows as Row[];
}
