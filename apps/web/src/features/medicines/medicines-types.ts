import type { z } from 'zod';
import type { ZMyPrescription } from '@portal/shared/my-health';
import type { TMedicationRoute, TPrescriptionData } from '@portal/shared/prescription';
import type { TFacility } from '@portal/shared/directory';

/**
 * The answers of the medicines routes as the web reads them, declared here until the shared
 * schemas of packages/shared/src/medicines.ts are in this branch; each type names its route.
 */

export const VERIFICATION_STATUSES = ['active', 'stopped', 'completed', 'dispensed'] as const;
export type TVerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** `GET /api/prescriptions/verify/{token}`: what a pharmacist needs, and no more. */
export interface TPrescriptionVerification {
  medication: string;
  strength: string;
  dose: string;
  route: TMedicationRoute;
  frequency: string;
  duration: string;
  /** `YYYY-MM-DD` */
  prescribedOn: string;
  prescriberName: string;
  practiceName: string | null;
  patientInitials: string;
  patientAge: number | null;
  status: TVerificationStatus;
  dispensedAt: string | null;
  /** The pharmacy's name, once dispensed. */
  dispensedBy: string | null;
  expired: boolean;
  /** Including this verification. */
  verificationCount: number;
}

export const PHARMACY_STATUSES = ['sent', 'ready', 'dispensed'] as const;
export type TPharmacyStatus = (typeof PHARMACY_STATUSES)[number];

/**
 * A linked patient's prescription (`GET /api/me/patients/{patientId}/prescriptions`): with its
 * `verifyUrl`, and where it was sent (`pharmacyId`, `sentAt`, `readyAt`, `dispensedAt`).
 */
export type TMyMedicine = z.infer<typeof ZMyPrescription>;

export const REFILL_STATUSES = ['open', 'approved', 'declined'] as const;
export type TRefillStatus = (typeof REFILL_STATUSES)[number];

/**
 * A refill request, as the patient (`GET /api/me/patients/{patientId}/refill-requests`) and the
 * practitioner (`GET /api/records/patients/{id}/refill-requests`) read it.
 */
export interface TRefillRequest {
  _id: string;
  prescriptionId: string;
  medication: string;
  status: TRefillStatus;
  note: string;
  /** The practitioner's message when declined. */
  message: string;
  requestedBy: string;
  createdAt: string;
  answeredAt: string | null;
}

/** `POST …/refill-requests/{requestId}/approve`: the same body as a new prescription. */
export type TRefillApproval = TPrescriptionData;

/** `GET /api/records/refill-requests/count` */
export interface TRefillCount {
  open: number;
}

/** An item of `GET /api/pharmacy/prescriptions`. */
export interface TPharmacyPrescription extends TPrescriptionVerification {
  _id: string;
  facilityId: string;
  pharmacyName: string;
  /** For the pickup: the name the patient gives at the counter. */
  patientName: string;
  pharmacyStatus: TPharmacyStatus;
  sentAt: string;
}

/** A pharmacy the signed-in user is staff (or owner) of, approved: `GET /api/facilities`. */
export type TMyPharmacy = TFacility;

export interface TItems<Item> {
  items: Item[];
}
