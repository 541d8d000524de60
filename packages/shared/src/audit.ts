import { z } from 'zod';
import { PATIENT_KINDS, type TPatientKindName } from './patient-kinds.ts';

/**
 * What was done to a patient record, an appointment, a visit, an allergy or a prescription.
 * `list` is one event per list or search request; `cancel` is an appointment's; `sign` and
 * `addendum` are a visit's; `stop` a prescription's; `acknowledge` is a prescriber saving a
 * prescription despite the allergy warning (one event per allergy warned of, each about the
 * prescription and naming that allergy); `search` is one
 * Premier search, with how many results it showed and never what was searched for.
 */
export const AUDIT_ACTIONS = [
  'create',
  'read',
  'list',
  'update',
  'delete',
  'restore',
  'export',
  'purge',
  'cancel',
  'sign',
  'addendum',
  'stop',
  'acknowledge',
  'search',
  // A full refund or a dispute ended the actor's Premier membership.
  'revoke_premium',
  // A linked person asked for a correction of the record; the practitioner answered it.
  'request_correction',
  'accept_correction',
  'decline_correction',
  // A directory reviewer's decision on a listing or a facility.
  'approve',
  'reject',
  // Secure messages: a reader marked a thread read; a practitioner or Support closed one.
  'mark_read',
  'close',
  // Online booking: a booking from the directory; the practitioner's answer to a request, or
  // its expiry (written by the expiry job, in the practitioner's name).
  'book',
  'confirm',
  'decline',
  'expire',
  // Medicines: a prescription verified by its token (anyone), dispensed or made ready by a
  // pharmacy, sent to one; a refill asked for.
  'verify',
  'dispense',
  'ready',
  'send',
  'request_refill',
] as const;

/**
 * How it ended. `denied`: the patient does not exist or is not the actor's (one outcome for
 * both, so the trail leaks no more than the API); `conflict`: a stale `If-Match`; `invalid`:
 * the input was rejected (e.g. an injected owner id).
 */
export const AUDIT_OUTCOMES = ['success', 'denied', 'conflict', 'invalid'] as const;

export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export type TAuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * The kinds of record an event can be about besides the patient: the trail names one as
 * (kind, id), so a new kind is a new entry here, never a new column or field of the trail.
 */
export const AUDIT_SUBJECT_KINDS = [
  'appointment',
  'visit',
  ...PATIENT_KINDS.map(({ kind }) => kind),
  // A person's access to the record: the practitioner's invitation, the link it made.
  'invitation',
  'link',
  // A linked person's request to correct the record, and its answer.
  'correction',
  // The directory: a facility, one of its staff, a practitioner's listing (no patient).
  'facility',
  'staff',
  'listing',
  // Secure messages: a thread, one message of it.
  'thread',
  'message',
  // A linked person's request for a refill.
  'refill',
] as [AuditSubjectKind, ...AuditSubjectKind[]];

export type AuditSubjectKind =
  | 'appointment'
  | 'visit'
  | TPatientKindName
  | 'invitation'
  | 'link'
  | 'correction'
  | 'facility'
  | 'staff'
  | 'listing'
  | 'thread'
  | 'message'
  | 'refill';

/** The record an event is about, besides its patient. */
export const ZAuditSubject = z
  .object({
    kind: z.enum(AUDIT_SUBJECT_KINDS).describe('What kind of record the id names'),
    id: z.uuid(),
  })
  .describe(
    'The record the event is about, when it is not the patient itself: an appointment, a visit, or an item of one of the patient-owned kinds (a care plan’s occurrences included)',
  );

export type TAuditSubject = z.infer<typeof ZAuditSubject>;

/**
 * The kinds whose id the answer also repeats in a field of its own, kept for the clients that
 * read those fields; a kind added later is named by `subject` only.
 */
export const AUDIT_SUBJECT_FIELDS = {
  appointment: 'appointmentId',
  visit: 'visitId',
  allergy: 'allergyId',
  prescription: 'prescriptionId',
  carePlan: 'carePlanId',
} as const satisfies Partial<Record<AuditSubjectKind, string>>;

/**
 * One entry of `GET /api/records/audit`: who (and as what), which patient, what, outcome, when,
 * request id. The trail is the viewer's own events and the successful ones of people linked to
 * the viewer's patients.
 * The trail itself never holds patient fields; `patientName` is read from the patient record
 * when the list is asked for, so people see a name rather than an id.
 */
export const ZAuditEvent = z.object({
  id: z.string().describe('Increasing event number'),
  actorId: z.uuid(),
  actorName: z
    .string()
    .nullable()
    .describe("Who acted: the account's current name (null once the account is gone)"),
  actorRole: z
    .enum(['practitioner', 'patient'])
    .describe(
      '`patient`: the actor is a person linked to the patient (the patient, a parent or a carer), acting through `/api/me`; `practitioner` otherwise',
    ),
  patientId: z.uuid().nullable(),
  patientName: z
    .string()
    .nullable()
    .describe(
      "The patient's current name while the record is the actor's (in the trash too); null when the event names no patient, the patient was purged, or the id was never the actor's",
    ),
  /** Set for events about an appointment; `patientId` is then the appointment's patient. */
  appointmentId: z.uuid().nullable(),
  /** Set for events about a visit; `patientId` is then the visit's patient. */
  visitId: z.uuid().nullable(),
  /** Set for events about an allergy, and on `acknowledge` (the allergy that was warned of). */
  allergyId: z.uuid().nullable(),
  /** Set for events about a prescription. */
  prescriptionId: z.uuid().nullable(),
  resultCount: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('How many results a `search` event showed; absent or null for other events'),
  /** Set for events about a care plan or one of its occurrences. */
  carePlanId: z.uuid().nullable(),
  subject: ZAuditSubject.nullable().describe(
    'What the event is about besides the patient, as kind and id; null for an event about the patient itself or about no one record (a list, a search, an export). On `acknowledge` it is the prescription saved; the allergy warned of is in `allergyId`',
  ),
  action: z.enum(AUDIT_ACTIONS),
  outcome: z.enum(AUDIT_OUTCOMES),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});

export type TAuditEvent = z.infer<typeof ZAuditEvent>;
