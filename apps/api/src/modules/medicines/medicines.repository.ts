import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prescriptions } from '../../db/schema/clinical.ts';
import { facilities, facilityStaff } from '../../db/schema/directory.ts';

/**
 * The SQL of verification and dispensing: a prescription found by its token's random id
 * (`verify_id`), with what its answer shows of the patient and the prescriber.
 */

/** A prescription as the verification page and the pharmacy read it. */
export type VerifiedRow = {
  id: string;
  patientId: string;
  medication: string;
  strength: string;
  dose: string;
  route: string;
  frequency: string;
  duration: string;
  endDate: string | null;
  instructions: string;
  status: string;
  dispensedAt: Date | null;
  dispensedBy: string | null;
  pharmacyId: string | null;
  sentAt: Date | null;
  readyAt: Date | null;
  verificationCount: number;
  createdAt: Date;
  prescribedOn: string;
  prescriberName: string;
  practiceName: string | null;
  patientName: string;
  dateOfBirth: string | null;
  patientAge: number;
};

/** The columns of a `VerifiedRow`, over `p` (prescriptions), `pt` (patients) and `u` (users). */
export const VERIFIED_COLUMNS = sql`p.id, p.patient_id as "patientId", p.medication, p.strength,
  p.dose, p.route, p.frequency, p.duration, p.end_date::text as "endDate", p.instructions,
  p.status, p.dispensed_at as "dispensedAt", p.dispensed_by as "dispensedBy",
  p.pharmacy_id as "pharmacyId", p.sent_at as "sentAt", p.ready_at as "readyAt",
  p.verification_count as "verificationCount", p.created_at as "createdAt",
  (p.created_at at time zone coalesce(u.time_zone, 'UTC'))::date::text as "prescribedOn",
  u.name as "prescriberName", nullif(u.practice_name, '') as "practiceName",
  pt.name as "patientName", pt.date_of_birth::text as "dateOfBirth", pt.age as "patientAge"`;

/** node-postgres answers timestamptz as Date already; the rows' other columns are plain. */
const first = <T>(rows: T[]) => rows[0];

/**
 * Counts one verification of the prescription whose token has this random id and answers it,
 * the count included, in one statement (so concurrent verifications each count). None when no
 * prescription has it, or its patient is in the trash.
 */
export async function countVerification(db: DbOrTx, verifyId: string) {
  const result = await db.execute<VerifiedRow>(sql`
    update prescriptions p set verification_count = p.verification_count + 1
      from patients pt, users u
     where p.verify_id = ${verifyId} and pt.id = p.patient_id and pt.deleted_at is null
       and u.id = p.owner_id
    returning ${VERIFIED_COLUMNS}`);
  return first(result.rows);
}

/** The prescription whose token has this random id, as `countVerification` reads it (no count). */
export async function findVerified(db: DbOrTx, verifyId: string) {
  const result = await db.execute<VerifiedRow>(sql`
    select ${VERIFIED_COLUMNS}
      from prescriptions p
      join patients pt on pt.id = p.patient_id and pt.deleted_at is null
      join users u on u.id = p.owner_id
     where p.verify_id = ${verifyId}`);
  return first(result.rows);
}

/**
 * The pharmacy the user may act for: this facility, of kind pharmacy, approved, and the user
 * its owner or accepted staff. None otherwise.
 */
export async function findOwnPharmacy(
  db: DbOrTx,
  { userId, facilityId }: { userId: string; facilityId: string },
) {
  const [row] = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(
      and(
        eq(facilities.id, facilityId),
        eq(facilities.kind, 'pharmacy'),
        eq(facilities.reviewStatus, 'approved'),
        or(
          eq(facilities.ownerId, userId),
          exists(
            db
              .select({ one: sql`1` })
              .from(facilityStaff)
              .where(
                and(eq(facilityStaff.facilityId, facilities.id), eq(facilityStaff.userId, userId)),
              ),
          ),
        ),
      ),
    );
  return row;
}

/** An approved pharmacy of the directory (where a prescription may be sent). */
export async function findApprovedPharmacy(db: DbOrTx, facilityId: string) {
  const [row] = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(
      and(
        eq(facilities.id, facilityId),
        eq(facilities.kind, 'pharmacy'),
        eq(facilities.reviewStatus, 'approved'),
      ),
    );
  return row;
}

/**
 * Marks the prescription dispensed by the pharmacy, once: only while it is not dispensed and
 * not stopped, so of concurrent attempts exactly one changes the row (the others find it
 * dispensed when their turn comes). Answers the row's id, or none when nothing changed.
 */
export async function markDispensed(
  db: DbOrTx,
  {
    where,
    pharmacy,
    at,
  }: {
    where: ReturnType<typeof eq>;
    pharmacy: { id: string; name: string };
    at: Date;
  },
) {
  const [row] = await db
    .update(prescriptions)
    .set({
      dispensedAt: at,
      dispensedFacilityId: pharmacy.id,
      dispensedBy: pharmacy.name,
      updatedAt: at,
    })
    .where(
      and(
        where,
        sql`${prescriptions.dispensedAt} is null`,
        sql`${prescriptions.status} <> 'stopped'`,
      ),
    )
    .returning({ id: prescriptions.id });
  return row;
}
