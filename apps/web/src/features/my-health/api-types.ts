import type { TAppointmentKind, TAppointmentStatus } from '@portal/shared/appointment';
import type { TAllergy } from '@portal/shared/allergy';
import type { TImmunization } from '@portal/shared/immunization';
import type {
  TLinkRelationship as TRelationship,
  TMyLinks,
  TPatientAccess,
} from '@portal/shared/patient-access';
import type { TPrescription } from '@portal/shared/prescription';

/**
 * The requests and answers of the patient's end of the portal: invitations and links from the
 * shared schemas; what a linked person sees as the web reads it.
 */

export {
  LINK_RELATIONSHIPS as RELATIONSHIPS,
  type TAccessState,
  type TCreatedInvitation as TInvitationCreated,
  type TCreatedLink as TLinkCreated,
  type TInvitationInput,
  type TInvitationPreview,
  type TLinkInput,
  type TLinkRelationship as TRelationship,
  type TPatientAccess,
} from '@portal/shared/patient-access';

/** Who invites, as the join page and the linked person's list name them. */
export type TPractitionerCard = TMyLinks['items'][number]['practitioner'];

/** An item of `GET /api/me/links` (live links only). */
export type TMyLink = TMyLinks['items'][number];

/** A person who is or was linked, as the chart's access section lists them. */
export type TAccessLink = TPatientAccess['links'][number];

/** `GET /api/me/patients/{patientId}`: the record's owner and the practice card. */
export interface TMyRecord {
  patient: { _id: string; name: string; dateOfBirth: string | null; age: number | null };
  relationship: TRelationship;
  practice: {
    name: string | null;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    phone: string;
    cancellationNoticeHours: number;
    practitionerName: string;
    workingHours: Partial<Record<string, { start: string; end: string } | null>>;
  };
}

export interface TMyAppointment {
  _id: string;
  start: string;
  end: string;
  kind: TAppointmentKind;
  status: TAppointmentStatus;
}
export interface TMyAppointments {
  upcoming: TMyAppointment[];
  past: TMyAppointment[];
}

/** A signed visit; `notes` only when the practitioner shares them. */
export interface TMyVisit {
  _id: string;
  signedAt: string;
  reason?: string;
  systolic?: number | null;
  diastolic?: number | null;
  heartRate?: number | null;
  temperature?: number | null;
  weight?: number | null;
  height?: number | null;
  oxygenSaturation?: number | null;
  notes?: string;
  addenda: { _id?: string; text: string; createdAt: string }[];
}

export type TMyPrescription = Pick<
  TPrescription,
  '_id' | 'medication' | 'strength' | 'dose' | 'frequency' | 'instructions' | 'status' | 'endDate'
>;
export type TMyAllergy = Pick<TAllergy, '_id' | 'substance' | 'reaction' | 'severity' | 'status'>;
export type TMyImmunization = Pick<
  TImmunization,
  '_id' | 'vaccine' | 'occurredOn' | 'doseNumber' | 'status'
>;

export type TOccurrenceStatus = 'due' | 'done' | 'skipped';
export interface TMyActivity {
  _id: string;
  title: string;
  /** Today's occurrence on the practice's clock; null when the activity is not due today. */
  todayOccurrence: { date: string; status: TOccurrenceStatus } | null;
}
export interface TMyCarePlan {
  _id: string;
  title: string;
  activities: TMyActivity[];
}

export interface TItems<Item> {
  items: Item[];
}
