import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prescriptions } from '../../db/schema/clinical.ts';
import { refillRequests } from '../../db/schema/medicines.ts';

/**
 * The SQL of refill requests: asked by a linked person, answered by the practitioner (an
 * approved one names the prescription written for it).
 */

/** A refill request as both sides read it: with its prescription's medicine and who asked. */
export type RefillRow = {
  id: string;
  patientId: string;
  prescriptionId: string;
  medication: string;
  strength: string;
  note: string;
  status: string;
  message: string;
  newPrescriptionId: string | null;
  requestedBy: string;
  requesterId: string;
  createdAt: string;
  answeredAt: string | null;
};

const REFILL_COLUMNS = sql`r.id, r.patient_id as "patientId", r.prescription_id as "prescriptionId",
  p.medication, p.strength, r.note, r.status, r.message,
  r.new_prescription_id as "newPrescriptionId", u.name as "requestedBy",
  r.requester_id as "requesterId", r.created_at as "createdAt", r.answered_at as "answeredAt"`;

/** Asks for a refill; none when this prescription already has an open request. */
export async function insertRefillRequest(
  db: DbOrTx,
  values: {
    ownerId: string;
    patientId: string;
    prescriptionId: string;
    requesterId: string;
    note: string;
  },
) {
  const [row] = await db
    .insert(refillRequests)
    .values(values)
    .onConflictDoNothing({
      target: refillRequests.prescriptionId,
      where: sql`${refillRequests.status} = 'open'`,
    })
    .returning({ id: refillRequests.id });
  return row;
}

/** One request of the owner's patient, or all of them (newest first), paged. */
export async function listRefillRequests(
  db: DbOrTx,
  {
    ownerId,
    patientId,
    id,
    status,
    after,
    limit,
  }: {
    ownerId: string;
    patientId: string;
    id?: string;
    status?: string | undefined;
    after?: [string, string] | null;
    limit: number;
  },
) {
  const result = await db.execute<RefillRow>(sql`
    select ${REFILL_COLUMNS}
      from refill_requests r
      join prescriptions p on p.id = r.prescription_id
      join users u on u.id = r.requester_id
     where r.patient_id = ${patientId} and r.owner_id = ${ownerId}
       ${id ? sql`and r.id = ${id}` : sql``}
       ${status ? sql`and r.status = ${status}` : sql``}
       ${after ? sql`and (r.created_at, r.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
     order by r.created_at desc, r.id desc
     limit ${limit}`);
  return result.rows;
}

export async function countRefillRequests(
  db: DbOrTx,
  {
    ownerId,
    patientId,
    status,
  }: { ownerId: string; patientId: string; status?: string | undefined },
) {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from refill_requests r
     where r.patient_id = ${patientId} and r.owner_id = ${ownerId}
       ${status ? sql`and r.status = ${status}` : sql``}`);
  return result.rows[0]!.n;
}

/** The owner's open requests over their live patients (the menu's count). */
export async function countOpenRefills(db: DbOrTx, ownerId: string) {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from refill_requests r
      join patients pt on pt.id = r.patient_id and pt.deleted_at is null
     where r.owner_id = ${ownerId} and r.status = 'open'`);
  return result.rows[0]!.n;
}

/** Answers an open request: approved (with the new prescription) or declined (with a message). */
export async function answerRefill(
  db: DbOrTx,
  {
    id,
    status,
    message = '',
    newPrescriptionId = null,
    at,
  }: {
    id: string;
    status: 'approved' | 'declined';
    message?: string;
    newPrescriptionId?: string | null;
    at: Date;
  },
) {
  const [row] = await db
    .update(refillRequests)
    .set({ status, message, newPrescriptionId, answeredAt: at, updatedAt: at })
    .where(and(eq(refillRequests.id, id), eq(refillRequests.status, 'open')))
    .returning({ id: refillRequests.id, requesterId: refillRequests.requesterId });
  return row;
}

/** Takes back a prescription written for a refill whose request another answer won. */
export async function deletePrescription(db: DbOrTx, id: string) {
  await db.delete(prescriptions).where(eq(prescriptions.id, id));
}
