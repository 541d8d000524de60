import { PRESCRIPTION_LIMITS } from '@portal/shared/prescription';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** `like` treats these as wildcards; a typed `%` or `_` is looked for as itself. */
const LIKE_SPECIALS = /[\\%_]/g;

/**
 * Distinct medication names of the owner's prescriptions starting with `query` (any case), in
 * alphabetical order of their lower case. The (owner_id, lower(medication) collate "C") index
 * answers both the prefix (`like` under the C collation becomes a range) and the order, so the
 * scan stops after the tenth distinct name, however many prescriptions there are.
 */
export async function suggestMedications(
  db: Db,
  { ownerId, query }: { ownerId: string; query: string },
): Promise<string[]> {
  const prefix = `${query.trim().toLowerCase().replace(LIKE_SPECIALS, '\\$&')}%`;
  const result = await db.execute<{ medication: string }>(
    sql`select distinct on (lower(medication) collate "C") medication
        from prescriptions
        where owner_id = ${ownerId} and lower(medication) collate "C" like ${prefix}
        order by lower(medication) collate "C", created_at desc
        limit ${PRESCRIPTION_LIMITS.suggestionsMax}`,
  );
  return result.rows.map((row) => row.medication);
}
