import type { TAppointmentKind, TAppointmentStatus } from '@portal/shared/appointment';
import type { TAllergy } from '@portal/shared/allergy';
import type { TImmunization } from '@portal/shared/immunization';
import type { TPrescription } from '@portal/shared/prescription';

/**
 * The requests and answers of the patient's end of the portal (invitations, links and what a
 * linked person sees), written here as the web reads them until the shared schemas hold them.
 */

export const RELATIONSHIPS = ['self', 'parent-or-guardian', 'carer'] as const;
export type TRelationship = (typeof RELATIONSHIPS)[number];

/** Who invites, as the join page and the linked person's list name them. */
export interface TPractitionerCard {
  name: string;
  practiceName: string | null;
}

/** `POST /api/records/patients/{id}/invitation`. */
export interface TInvitationInput {
  relationship: TRelationship;
  email?: string;
}
export interface TInvitationCreated {
  code: string;
  url: string;
  expiresAt: string;
}

export type TAccessState = 'not-invited' | 'invited' | 'linked' | 'ended';

export interface TAccessLink {
  _id: string;
  name: string;
  email: string;
  relationship: TRelationship;
  createdAt: string;
  endedAt: string | null;
}

/** `GET /api/records/patients/{id}/access`: links newest first. */
export interface TPatientAccess {
  state: TAccessState;
  invitation: {
    relationship: TRelationship;
    email: string | null;
    expiresAt: string;
    createdAt: string;
  } | null;
  links: TAccessLink[];
}

/** `GET /api/me/invitations/{code}`: what the join page shows before accepting. */
export interface TInvitationPreview {
  practitioner: TPractitionerCard;
  relationship: TRelationship;
  expiresAt: string;
  needsBirthDate: boolean;
}

/** `POST /api/me/links`. */
export interface TLinkInput {
  code: string;
  birthDate?: string;
}
export interface TLinkCreated {
  _id: string;
  patientId: string;
  relationship: TRelationship;
  practitioner: TPractitionerCard;
}

/** An item of `GET /api/me/links` (live links only). */
export interface TMyLink {
  _id: string;
  patientId: string;
  patientName: string;
  relationship: TRelationship;
  createdAt: string;
  practitioner: TPractitionerCard;
}

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
