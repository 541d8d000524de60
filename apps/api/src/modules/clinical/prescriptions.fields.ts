import type { TPrescription, TPrescriptionData } from '@portal/shared/prescription';
import { prescriptions, type PrescriptionRow } from '../../db/schema/clinical.ts';
import type { AnswerLinks } from '../../kinds/kind.ts';
import { createClinicalStore } from '../../patient-owned/items.repository.ts';

/**
 * The prescription is defined twice, on purpose, and only twice: the drizzle table (storage)
 * and the shared zod schema (what the form sends and the API answers). The input's
 * `allergyAcknowledged` goes to the audit trail, not the row; the stop columns are set only by
 * the stop action. This check keeps the two definitions naming the same fields.
 */
type Bookkeeping = 'id' | 'ownerId' | 'patientId' | 'createdAt' | 'updatedAt';
type StopColumns = 'stopReason' | 'stoppedAt';
/** Written by the verification, dispensing and pharmacy actions, never by the form. */
type MedicineColumns =
  | 'verifyId'
  | 'verifyKid'
  | 'verifyToken'
  | 'verificationCount'
  | 'dispensedAt'
  | 'dispensedFacilityId'
  | 'dispensedBy'
  | 'pharmacyId'
  | 'sentAt'
  | 'readyAt';
export type PrescriptionValues = Omit<PrescriptionRow, Bookkeeping | StopColumns | MedicineColumns>;
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const hasSameFields: SameKeys<
  Exclude<keyof TPrescriptionData, 'allergyAcknowledged'>,
  keyof PrescriptionValues
> = true;
void hasSameFields;

export const prescriptionStore = createClinicalStore(prescriptions);

/** What the form sent, as stored: no end date is NULL in the `date` column. */
export function toStoredPrescription(input: TPrescriptionData): PrescriptionValues {
  const { allergyAcknowledged: _acknowledged, endDate, ...rest } = input;
  return { ...rest, endDate: endDate === '' ? null : endDate };
}

/**
 * The web page that verifies a prescription by its token; null while the row has no token yet
 * (one written straight into the database: the next start-up issues it).
 */
export function verifyUrlOf(token: string | null, { publicUrl }: AnswerLinks): string | null {
  return token === null ? null : `${publicUrl}/verify/${token}`;
}

export function toApiPrescription(row: PrescriptionRow, links: AnswerLinks): TPrescription {
  return {
    _id: row.id,
    patientId: row.patientId,
    medication: row.medication,
    strength: row.strength,
    dose: row.dose,
    // The table's checks admit only the schema's values.
    route: row.route as TPrescription['route'],
    frequency: row.frequency,
    duration: row.duration,
    endDate: row.endDate ?? '',
    instructions: row.instructions,
    status: row.status as TPrescription['status'],
    stopReason: row.stopReason,
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    verifyUrl: verifyUrlOf(row.verifyToken, links),
    dispensedAt: row.dispensedAt?.toISOString() ?? null,
    dispensedBy: row.dispensedBy,
    pharmacyId: row.pharmacyId,
    sentAt: row.sentAt?.toISOString() ?? null,
    readyAt: row.readyAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
