import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * The row of `table` that `where` names (an id, a unique key; one of them should it name more),
 * all its columns; with `forUpdate`, the row stays locked until the transaction ends.
 */
export async function findRow<Table extends PgTable>(
  db: DbOrTx,
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

/** The rows of `table` that `where` keeps, in one `select count(*)`: a paged list's total. */
export async function countRows(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  // As in findRow: without a condition this would count the whole table, everyone's rows.
  if (!where) throw new Error('countRows: no condition names the rows');
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}
