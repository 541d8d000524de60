import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import type { carePlans } from '../db/schema/care-plans.ts';
import type { allergies, prescriptions } from '../db/schema/clinical.ts';
import { isOneOfVersions, nextVersion } from '../lib/etag.ts';
import { pastKey } from '../lib/paging.ts';
import { countRows, findRow } from '../db/rows.ts';

/**
 * The only SQL of the allergies, prescriptions and care plans. The tables share their bookkeeping
 * columns, so one store serves each; every query is scoped by owner and patient: there
 * is no function here without `ownerId`.
 */
export type ClinicalTable = typeof allergies | typeof prescriptions | typeof carePlans;

/** Position in a list, newest first: `createdAt` (ISO, ms) then id. */
export type ItemKey = [createdAt: string, id: string];

interface Scope {
  ownerId: string;
  patientId: string;
}

export { isOwnLivePatient } from '../modules/patients/patients.repository.ts';

/** What an item stores from its input: every column but the bookkeeping. */
export type ClinicalValues<Table extends ClinicalTable> = Omit<
  Table['$inferInsert'],
  'id' | 'ownerId' | 'patientId' | 'createdAt' | 'updatedAt'
>;

export function createClinicalStore<Table extends ClinicalTable>(table: Table) {
  type Row = Table['$inferSelect'];
  type Values = ClinicalValues<Table>;
  // The columns both tables have, typed once: drizzle cannot narrow a union of tables.
  const t = table as typeof allergies;

  const scoped = ({ ownerId, patientId }: Scope, ...more: (SQL | undefined)[]) =>
    and(eq(t.ownerId, ownerId), eq(t.patientId, patientId), ...more);
  const withStatus = (status: string | undefined) =>
    status === undefined ? undefined : eq(t.status, status);

  /** `updatedAt` moves forward by at least 1 ms: a new ETag for every change. */
  const changed = {
    updatedAt: nextVersion(t.updatedAt),
  };

  return {
    async find(db: DbOrTx, { id, ...scope }: Scope & { id: string }): Promise<Row | undefined> {
      return (await findRow(db, t, scoped(scope, eq(t.id, id)))) as Row | undefined;
    },

    /** One page, newest first, strictly after `after`. */
    async list(
      db: Db,
      {
        status,
        after,
        limit,
        ...scope
      }: Scope & { status?: string; after: ItemKey | null; limit: number },
    ): Promise<Row[]> {
      const rows = await db
        .select()
        .from(t)
        .where(scoped(scope, withStatus(status), pastKey(t.createdAt, t.id, after, '<')))
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(limit);
      return rows as Row[];
    },

    async count(db: Db, { status, ...scope }: Scope & { status?: string }): Promise<number> {
      return countRows(db, t, scoped(scope, withStatus(status)));
    },

    /**
     * One batch of the owner's items for the export, oldest first: only those of live patients,
     * since the export leaves the trash out.
     */
    async exportPage(
      db: Db,
      { ownerId, after, limit }: { ownerId: string; after: ItemKey | null; limit: number },
    ): Promise<Row[]> {
      const rows = await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.ownerId, ownerId),
            sql`exists (select 1 from patients p where p.id = ${t.patientId} and p.deleted_at is null)`,
            pastKey(t.createdAt, t.id, after, '>'),
          ),
        )
        .orderBy(t.createdAt, t.id)
        .limit(limit);
      return rows as Row[];
    },

    async insert(db: DbOrTx, { values, ...scope }: Scope & { values: Values }): Promise<Row> {
      const [row] = await db
        .insert(t)
        .values({ ...scope, ...(values as object) } as never)
        .returning();
      return row as Row;
    },

    /**
     * Changes an item; with `versions` (from If-Match) only when it is one of them, and only
     * where `onlyIf` holds. Undefined when nothing matched.
     */
    async update(
      db: DbOrTx,
      {
        id,
        values,
        versions,
        onlyIf,
        ...scope
      }: Scope & {
        id: string;
        values: Partial<Row> | Values;
        versions: Date[] | null;
        onlyIf?: SQL;
      },
    ): Promise<Row | undefined> {
      const [row] = await db
        .update(t)
        .set({ ...(values as object), ...changed } as never)
        .where(scoped(scope, eq(t.id, id), isOneOfVersions(t.updatedAt, versions), onlyIf))
        .returning();
      return row as Row | undefined;
    },
  };
}

export type ClinicalStore<Table extends ClinicalTable> = ReturnType<
  typeof createClinicalStore<Table>
>;
