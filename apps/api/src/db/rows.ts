import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * The row of `table` that `where` names (an id, a unique key; one of them should it name more),
 * all its columns; with `forUpdate`, the row stays locked until the transaction ends.
 */
export async function findRow<Table extends PgTable>(
  db: Pick<Db, 'select'>,
  table: Table,
  where: SQL | undefined,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<Table['$inferSelect'] | undefined> {
  // `and(…)` is typed `SQL | undefined`; without a condition this would read any row at all.
  if (!where) throw new Error('findRow: no condition names the row');
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .$dynamic();
  const [row] = await (forUpdate ? query.for('update') : query).limit(1);
  return row as Table['$inferSelect'] | undefined;
}
