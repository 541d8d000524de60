import type { z } from 'zod';
import type { TFacility } from '@portal/shared/directory';
import type { ZMyPrescription } from '@portal/shared/my-health';
import type { TPrescriptionData } from '@portal/shared/prescription';

/** The answers of the medicines routes, from the shared schemas the API answers through. */
export {
  PHARMACY_PRESCRIPTION_STATUSES as PHARMACY_STATUSES,
  type TPharmacyPrescription,
  type TPharmacyPrescriptionStatus as TPharmacyStatus,
  type TPrescriptionVerification,
  type TRefillRequest,
  type TRefillStatus,
} from '@portal/shared/medicines';

export type { TRefillCount } from './medicines-count.ts';

/**
 * A linked patient's prescription (`GET /api/me/patients/{patientId}/prescriptions`): with its
 * `verifyUrl`, and where it was sent (`pharmacyId`, `sentAt`, `readyAt`, `dispensedAt`).
 */
export type TMyMedicine = z.infer<typeof ZMyPrescription>;

/** `POST …/refill-requests/{requestId}/approve`: the same body as a new prescription. */
export type TRefillApproval = TPrescriptionData;

/** A pharmacy the signed-in user is staff (or owner) of, approved: `GET /api/facilities`. */
export type TMyPharmacy = TFacility;

export interface TItems<Item> {
  items: Item[];
}
