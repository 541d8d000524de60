import { PRESCRIPTION_LIMITS } from '@portal/shared/prescription';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { prescriptions } from '../../db/schema/clinical.ts';

/** `like` treats these as wildcards; a typed `%` or `_` is looked for as itself. */
const LIKE_SPECIALS = /[\\%_]/g;

/**
 * Distinct medication names of the owner's prescriptions starting with `query` (any case), in
 * alphabetical order of their lower case, each in its first spelling. A skip scan: each step of
 * the recursion jumps in the (owner_id, lower(medication) collate "C", medication) index to the
 * next name after the previous one, so ten names cost ten index probes however many
 * prescriptions share them (`like` under the C collation becomes an index range).
 */
export async function suggestMedications(
  db: Db,
  { ownerId, query }: { ownerId: string; query: string },
): Promise<string[]> {
  const prefix = `${query.trim().toLowerCase().replace(LIKE_SPECIALS, '\\$&')}%`;
  const result = await db.execute<{ medication: string }>(
    sql`with recursive found(key, medication) as (
          (select lower(medication) collate "C", medication from prescriptions
            where owner_id = ${ownerId} and lower(medication) collate "C" like ${prefix}
            order by lower(medication) collate "C", medication limit 1)
          union all
          (select next.key, next.medication from found,
            lateral (select lower(p.medication) collate "C" as key, p.medication
                       from prescriptions p
                      where p.owner_id = ${ownerId}
                        and lower(p.medication) collate "C" like ${prefix}
                        and lower(p.medication) collate "C" > found.key
                      order by lower(p.medication) collate "C", p.medication limit 1) next)
        )
        select medication from found limit ${PRESCRIPTION_LIMITS.suggestionsMax}`,
  );
  return result.rows.map((row) => row.medication);
}

/** More active prescriptions than any patient has; bounds the read. */
const ACTIVE_READ_MAX = 1000;

/** The active prescriptions of one of the owner's patients, oldest first: ids and medications. */
export async function findActiveMedications(
  db: DbOrTx,
  { ownerId, patientId }: { ownerId: string; patientId: string },
): Promise<{ id: string; medication: string }[]> {
  return db
    .select({ id: prescriptions.id, medication: prescriptions.medication })
    .from(prescriptions)
    .where(
      and(
        eq(prescriptions.ownerId, ownerId),
        eq(prescriptions.patientId, patientId),
        eq(prescriptions.status, 'active'),
      ),
    )
    .orderBy(asc(prescriptions.createdAt), asc(prescriptions.id))
    .limit(ACTIVE_READ_MAX);
}
