import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prescriptions, prescriptionSearchText } from '../../db/schema/clinical.ts';
import { patients } from '../../db/schema/patients.ts';
import { visits } from '../../db/schema/visits.ts';

/**
 * The SQL of the members' search. Every query is scoped by owner and leaves out patients
 * in the trash (and their visits and prescriptions), as the patient list and the export do.
 * Each reads `limit` rows newest first: the trigram GIN index finds a rare fragment's few
 * candidates, the owner's newest-first index lets a common one stop at the page's end (the
 * planner picks; measured in bench/search.ts).
 */

export interface SearchArgs {
  ownerId: string;
  /** What was typed, trimmed; matched anywhere, any case, `%` and `_` as themselves. */
  fragment: string;
  limit: number;
}

/** `%fragment%` lower-cased by PostgreSQL's lower(), the function the indexed texts went through. */
function contains(text: SQL | typeof patients.searchText, fragment: string): SQL {
  const escaped = fragment.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${text} like lower(${`%${escaped}%`})`;
}

const isLivePatient = and(eq(patients.id, visits.patientId), isNull(patients.deletedAt));

export async function searchPatients(db: Db, { ownerId, fragment, limit }: SearchArgs) {
  return db
    .select({
      id: patients.id,
      name: patients.name,
      diagnosedWith: patients.diagnosedWith,
      phone: patients.phone,
      email: patients.email,
      createdAt: patients.createdAt,
    })
    .from(patients)
    .where(
      and(
        eq(patients.ownerId, ownerId),
        isNull(patients.deletedAt),
        contains(patients.searchText, fragment),
      ),
    )
    .orderBy(desc(patients.createdAt), desc(patients.id))
    .limit(limit);
}

export async function searchVisits(db: Db, { ownerId, fragment, limit }: SearchArgs) {
  return db
    .select({
      id: visits.id,
      patientId: visits.patientId,
      patientName: patients.name,
      occurredAt: visits.occurredAt,
      reason: visits.reason,
      subjective: visits.subjective,
      objective: visits.objective,
      assessment: visits.assessment,
      plan: visits.plan,
    })
    .from(visits)
    .innerJoin(patients, isLivePatient)
    .where(and(eq(visits.ownerId, ownerId), contains(sql`${visits.searchText}`, fragment)))
    .orderBy(desc(visits.occurredAt), desc(visits.id))
    .limit(limit);
}

export async function searchPrescriptions(db: Db, { ownerId, fragment, limit }: SearchArgs) {
  return (
    db
      .select({
        id: prescriptions.id,
        patientId: prescriptions.patientId,
        patientName: patients.name,
        createdAt: prescriptions.createdAt,
        medication: prescriptions.medication,
        strength: prescriptions.strength,
        instructions: prescriptions.instructions,
        stopReason: prescriptions.stopReason,
        status: prescriptions.status,
      })
      .from(prescriptions)
      .innerJoin(
        patients,
        and(eq(patients.id, prescriptions.patientId), isNull(patients.deletedAt)),
      )
      .where(
        and(
          eq(prescriptions.ownerId, ownerId),
          contains(prescriptionSearchText(prescriptions), fragment),
        ),
      )
      // Ascending index read backwards: the same order as `desc, desc` (see the schema).
      .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id))
      .limit(limit)
  );
}
