import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { pgTable, text, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { timestamps } from '../db/schema/columns.ts';
import { patientRecord } from '../db/schema/patients.ts';
import { isOneOfVersions, nextVersion } from '../lib/etag.ts';
import { pastKey } from '../lib/paging.ts';
import { countRows, findRow } from '../db/rows.ts';

/**
 * The columns every patient-owned kind's table has (`patientItemColumns()`), as a table type:
 * only its type is used, to type the store's queries once for every kind.
 */
const _itemShape = pgTable('patient_item', { ...patientItemColumns(), status: text('status') });

/** The bookkeeping columns of a patient-owned kind's table: owner, patient, id and versions. */
export function patientItemColumns() {
  return { ...patientRecord(), ...timestamps() };
}

/**
 * The only SQL of the patient-owned kinds (src/kinds). The tables share their bookkeeping
 * columns and a `status`, so one store serves each; every query is scoped by owner and patient:
 * there is no function here without `ownerId`.
 */
export type ClinicalTable = PgTable & {
  [Column in keyof typeof _itemShape._.columns]: AnyPgColumn;
} & { $inferSelect: { id: string; patientId: string; createdAt: Date; updatedAt: Date } };

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
  // The columns every kind's table has, typed once: drizzle cannot type a generic table's columns.
  const t = table as unknown as typeof _itemShape;

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
