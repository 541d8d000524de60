import { z } from 'zod';
import { ZPageQuery } from './patient.ts';
import { MEDICATION_ROUTES } from './prescription.ts';
import { optionalTrimmedText, requiredTrimmedText } from './text-fields.ts';

/**
 * Medicines: a prescription verified by its token, dispensed by a pharmacy, sent to one, and
 * refills asked for by a person linked to the patient.
 */

/** What the verification page says of a prescription: its own status, or dispensed. */
export const VERIFICATION_STATUSES = ['active', 'stopped', 'completed', 'dispensed'] as const;
export const REFILL_STATUSES = ['open', 'approved', 'declined'] as const;
export const PHARMACY_PRESCRIPTION_STATUSES = ['sent', 'ready', 'dispensed'] as const;
export type TRefillStatus = (typeof REFILL_STATUSES)[number];
export type TPharmacyPrescriptionStatus = (typeof PHARMACY_PRESCRIPTION_STATUSES)[number];

export const MEDICINE_LIMITS = { noteMax: 1000, messageMax: 1000 } as const;

/** Validation messages of the medicines' bodies, by code (unique among the shared tables). */
export const MEDICINE_MESSAGES = {
  facilityRequired: 'Please choose a pharmacy.',
  refillNoteTooLong: 'The note must be at most 1000 characters.',
  refillNoteInvalid: 'The note contains a character that is not allowed.',
  declineMessageRequired: 'Please write a message for the patient.',
  declineMessageTooLong: 'The message must be at most 1000 characters.',
  declineMessageInvalid: 'The message contains a character that is not allowed.',
  pharmacyStatusInvalid: 'Please choose sent, ready or dispensed.',
  refillStatusInvalid: 'Please choose open, approved or declined.',
} as const;

/** `{token}` of the verification routes: the compact JWS of a prescription's `verifyUrl`. */
export const ZVerifyTokenParams = z.object({
  token: z
    .string()
    .max(1000)
    .describe('The token at the end of a prescription’s `verifyUrl` (a compact JWS)'),
});

/** `GET /api/prescriptions/verify/{token}`: what a pharmacist needs, and no more. */
export const ZPrescriptionVerification = z.object({
  medication: z.string(),
  strength: z.string(),
  dose: z.string(),
  route: z.enum(MEDICATION_ROUTES),
  frequency: z.string(),
  duration: z.string().describe('Free text such as 7 days; or `endDate`'),
  endDate: z.string().describe('The last day, YYYY-MM-DD, or empty'),
  prescribedOn: z
    .string()
    .describe('The day it was written, YYYY-MM-DD, in the prescriber’s time zone (UTC if unset)'),
  prescriber: z.object({
    name: z.string(),
    practiceName: z.string().nullable().describe('null when the practice has no name on file'),
  }),
  patient: z
    .object({
      initials: z.string().describe('The initials of the first and last names, e.g. `A. L.`'),
      age: z
        .number()
        .int()
        .nullable()
        .describe('From the date of birth when recorded, else the age on file'),
    })
    .describe('Never the name, id or date of birth'),
  status: z.enum(VERIFICATION_STATUSES),
  dispensedAt: z.string().nullable(),
  dispensedBy: z.string().nullable().describe('The name of the pharmacy that dispensed it'),
  expired: z.boolean().describe('Past the token’s expiry (a year after it was written)'),
  expiresAt: z.string(),
  verificationCount: z
    .number()
    .int()
    .describe('How many times the token has been verified, this time included'),
});
export type TPrescriptionVerification = z.infer<typeof ZPrescriptionVerification>;

/** Which pharmacy acts: one the signed-in user is staff of (or owns). */
export const ZPharmacyChoice = z.strictObject({
  facilityId: z
    .uuid({ error: MEDICINE_MESSAGES.facilityRequired })
    .describe(
      'A pharmacy (a facility of kind `pharmacy`): approved, and the caller’s own or one they are staff of',
    ),
});
export type TPharmacyChoice = z.infer<typeof ZPharmacyChoice>;

/** `POST /api/me/patients/{patientId}/prescriptions/{id}/pharmacy` and the practitioner's. */
export const ZSendToPharmacy = z.strictObject({
  facilityId: z
    .uuid({ error: MEDICINE_MESSAGES.facilityRequired })
    .describe(
      'An approved pharmacy of the directory (`GET /api/directory/facilities?kind=pharmacy`)',
    ),
});
export type TSendToPharmacy = z.infer<typeof ZSendToPharmacy>;

/**
 * `GET /api/records/patients/{id}/pharmacy`: the pharmacy the patient chose, that is the approved
 * pharmacy their prescriptions were last sent to (decision 0035); none until one was sent.
 */
export const ZPatientPharmacy = z.object({
  pharmacy: z
    .object({
      _id: z.uuid().describe('The facility: `facilityId` of `POST …/prescriptions/{id}/pharmacy`'),
      name: z.string(),
      address: z.string(),
      city: z.string(),
    })
    .nullable()
    .describe('null until a prescription of the patient was sent to an approved pharmacy'),
  sentAt: z.string().nullable().describe('When a prescription of the patient was last sent there'),
});
export type TPatientPharmacy = z.infer<typeof ZPatientPharmacy>;

/** `POST /api/me/patients/{patientId}/prescriptions/{id}/refill-requests` */
export const ZRefillRequestInput = z.strictObject({
  note: optionalTrimmedText({
    max: MEDICINE_LIMITS.noteMax,
    tooLong: MEDICINE_MESSAGES.refillNoteTooLong,
    invalid: MEDICINE_MESSAGES.refillNoteInvalid,
    isMultiLine: true,
  }).describe('For the practitioner, up to 1000 characters; no medication names are e-mailed'),
});
export type TRefillRequestInput = z.input<typeof ZRefillRequestInput>;

/** `POST /api/records/patients/{id}/refill-requests/{requestId}/decline` */
export const ZRefillDecline = z.strictObject({
  message: requiredTrimmedText({
    max: MEDICINE_LIMITS.messageMax,
    required: MEDICINE_MESSAGES.declineMessageRequired,
    tooLong: MEDICINE_MESSAGES.declineMessageTooLong,
    invalid: MEDICINE_MESSAGES.declineMessageInvalid,
    isMultiLine: true,
  }).describe('Why, for the patient; shown in My health, not e-mailed'),
});
export type TRefillDecline = z.input<typeof ZRefillDecline>;

/** One refill request, as the patient's side and the practitioner see it. */
export const ZRefillRequest = z.object({
  _id: z.uuid(),
  patientId: z.uuid(),
  prescriptionId: z.uuid(),
  medication: z.string().describe('The medication of the prescription asked for'),
  strength: z.string(),
  note: z.string(),
  status: z.enum(REFILL_STATUSES),
  message: z.string().describe('The practitioner’s message when declined; empty otherwise'),
  newPrescriptionId: z.uuid().nullable().describe('The prescription written when approved'),
  requestedBy: z.string().describe('The name of the person who asked'),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TRefillRequest = z.infer<typeof ZRefillRequest>;

/** `GET …/refill-requests?status=&limit=&cursor=` (newest first). */
export const ZRefillListQuery = ZPageQuery.extend({
  status: z
    .enum(REFILL_STATUSES, { error: MEDICINE_MESSAGES.refillStatusInvalid })
    .optional()
    .describe('Only requests with this status (`open`: not answered yet)'),
});

/** `GET /api/records/refill-requests/count` */
export const ZRefillCount = z.object({
  open: z.number().int().describe('Open refill requests over all my patients'),
});

/** `GET /api/pharmacy/prescriptions?facilityId=&status=&limit=&cursor=` (newest sent first). */
export const ZPharmacyListQuery = ZPageQuery.extend({
  facilityId: z
    .uuid({ error: MEDICINE_MESSAGES.facilityRequired })
    .describe('One of my pharmacies'),
  status: z
    .enum(PHARMACY_PRESCRIPTION_STATUSES, { error: MEDICINE_MESSAGES.pharmacyStatusInvalid })
    .optional()
    .describe('`sent`: waiting; `ready`: ready for pickup; `dispensed`'),
});

/**
 * A prescription sent to a pharmacy, as its staff see it: the verification page's fields, the
 * patient's full name (to hand it over at the counter) and the instructions to label it with.
 */
export const ZPharmacyPrescription = ZPrescriptionVerification.omit({
  verificationCount: true,
}).extend({
  _id: z.uuid().describe('The prescription’s id, for the ready and dispensed actions'),
  instructions: z.string(),
  patient: z.object({
    name: z.string().describe('To hand the medicine to the right person'),
    initials: z.string(),
    age: z.number().int().nullable(),
  }),
  pharmacyStatus: z.enum(PHARMACY_PRESCRIPTION_STATUSES),
  sentAt: z.string(),
  readyAt: z.string().nullable(),
});
export type TPharmacyPrescription = z.infer<typeof ZPharmacyPrescription>;
