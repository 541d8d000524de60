import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prescriptions } from '../../db/schema/clinical.ts';
import { facilities, facilityStaff } from '../../db/schema/directory.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';

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
  dispensedAt: string | null;
  dispensedBy: string | null;
  pharmacyId: string | null;
  sentAt: string | null;
  readyAt: string | null;
  verificationCount: number;
  createdAt: string;
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

/** The first row. Instants read by `db.execute` are ISO-like strings: callers read them with `new Date`. */
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

/** The prescription of this id as `findVerified` reads it. */
export async function findVerifiedById(db: DbOrTx, id: string) {
  const result = await db.execute<VerifiedRow>(sql`
    select ${VERIFIED_COLUMNS}
      from prescriptions p
      join patients pt on pt.id = p.patient_id and pt.deleted_at is null
      join users u on u.id = p.owner_id
     where p.id = ${id}`);
  return first(result.rows);
}

/** One prescription of the owner's patient: its status and whether it was dispensed. */
export async function findPatientPrescription(
  db: DbOrTx,
  { ownerId, patientId, id }: { ownerId: string; patientId: string; id: string },
) {
  const [row] = await db
    .select()
    .from(prescriptions)
    .where(
      and(
        eq(prescriptions.id, id),
        eq(prescriptions.patientId, patientId),
        eq(prescriptions.ownerId, ownerId),
      ),
    );
  return row;
}

/** Sends the prescription to the pharmacy (again: to another, or the same anew). */
export async function markSent(
  db: DbOrTx,
  { id, pharmacyId, at }: { id: string; pharmacyId: string; at: Date },
) {
  const [row] = await db
    .update(prescriptions)
    .set({ pharmacyId, sentAt: at, readyAt: null, updatedAt: at })
    .where(
      and(
        eq(prescriptions.id, id),
        eq(prescriptions.status, 'active'),
        sql`${prescriptions.dispensedAt} is null`,
      ),
    )
    .returning();
  return row;
}

/** Marks a prescription sent to this pharmacy ready for pickup (not once dispensed). */
export async function markReady(
  db: DbOrTx,
  { id, pharmacyId, at }: { id: string; pharmacyId: string; at: Date },
) {
  const [row] = await db
    .update(prescriptions)
    .set({ readyAt: at, updatedAt: at })
    .where(
      and(
        eq(prescriptions.id, id),
        eq(prescriptions.pharmacyId, pharmacyId),
        sql`${prescriptions.dispensedAt} is null`,
      ),
    )
    .returning({ id: prescriptions.id });
  return row;
}

/** The pharmacies (approved, of kind pharmacy) the user owns or is staff of: their ids. */
export async function findOwnPharmacyIds(db: DbOrTx, userId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select f.id from facilities f
     where f.kind = 'pharmacy' and f.review_status = 'approved'
       and (f.owner_id = ${userId}
            or exists (select 1 from facility_staff s where s.facility_id = f.id and s.user_id = ${userId}))`);
  return result.rows.map((row) => row.id);
}

/** Which of a pharmacy's prescriptions a status names. */
const PHARMACY_STATUS = {
  sent: sql`p.ready_at is null and p.dispensed_at is null`,
  ready: sql`p.ready_at is not null and p.dispensed_at is null`,
  dispensed: sql`p.dispensed_at is not null`,
} as const;

/**
 * A page of the prescriptions sent to one pharmacy, newest sent first (keyset (sent_at, id), on
 * `prescriptions_pharmacy_sent_idx`), of live records only, and how many there are.
 */
export async function listPharmacyPrescriptions(
  db: DbOrTx,
  {
    pharmacyId,
    status,
    after,
    limit,
  }: {
    pharmacyId: string;
    status: keyof typeof PHARMACY_STATUS | undefined;
    after: [string, string] | null;
    limit: number;
  },
) {
  const filter = status ? sql`and ${PHARMACY_STATUS[status]}` : sql``;
  const from = sql`from prescriptions p
      join patients pt on pt.id = p.patient_id and pt.deleted_at is null
      join users u on u.id = p.owner_id
     where p.pharmacy_id = ${pharmacyId} ${filter}`;
  const keyset = after
    ? sql`and (p.sent_at, p.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : sql``;
  const [rows, total] = await Promise.all([
    db.execute<VerifiedRow>(
      sql`select ${VERIFIED_COLUMNS} ${from} ${keyset} order by p.sent_at desc, p.id desc limit ${limit}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

/** The people with a live link to the patient: who is told the medicine is ready. */
export async function findLinkedPeople(db: DbOrTx, patientId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: patientLinks.userId })
    .from(patientLinks)
    .where(and(eq(patientLinks.patientId, patientId), isNull(patientLinks.endedAt)));
  return rows.map((row) => row.userId);
}

/**
 * The pharmacy the patient chose: the approved one their prescriptions (of this owner) were last
 * sent to, and when. None until one was sent.
 */
export async function findChosenPharmacy(
  db: DbOrTx,
  { ownerId, patientId }: { ownerId: string; patientId: string },
) {
  const result = await db.execute<{
    id: string;
    name: string;
    address: string;
    city: string;
    sentAt: string;
  }>(sql`
    select f.id, f.name, f.address, f.city, p.sent_at as "sentAt"
      from prescriptions p
      join facilities f on f.id = p.pharmacy_id
     where p.patient_id = ${patientId} and p.owner_id = ${ownerId} and p.sent_at is not null
       and f.kind = 'pharmacy' and f.review_status = 'approved'
     order by p.sent_at desc, p.id desc
     limit 1`);
  return first(result.rows);
}
