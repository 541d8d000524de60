import type { z } from 'zod';
import type {
  ZMyAllergy,
  ZMyImmunization,
  ZMyOccurrence,
  ZMyOccurrenceMark,
  ZMyPrescription,
  ZMyVitalsPoint,
} from '@portal/shared/my-health';
import type { TMyLinks, TPatientAccess } from '@portal/shared/patient-access';

/**
 * The requests and answers of the patient's end of the portal, all from the shared schemas the
 * API answers through, so a field the API does not send cannot be read here.
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

export type {
  TMyAccessEntry,
  TMyAppointment,
  TMyAppointments,
  TMyCarePlan,
  TMyPatient,
  TMyVisit,
} from '@portal/shared/my-health';

/** Who invites, as the join page and the linked person's list name them. */
export type TPractitionerCard = TMyLinks['items'][number]['practitioner'];

/** An item of `GET /api/me/links` (live links only). */
export type TMyLink = TMyLinks['items'][number];

/** A person who is or was linked, as the chart's access section lists them. */
export type TAccessLink = TPatientAccess['links'][number];

export type TMyPrescription = z.infer<typeof ZMyPrescription>;
export type TMyAllergy = z.infer<typeof ZMyAllergy>;
export type TMyImmunization = z.infer<typeof ZMyImmunization>;
export type TMyVitalsPoint = z.infer<typeof ZMyVitalsPoint>;

/** Today's occurrence of a care-plan activity, and the answer to marking it. */
export type TMyOccurrence = z.infer<typeof ZMyOccurrence>;
/** The body of `POST …/occurrences/{day}`. */
export type TMyOccurrenceMark = z.infer<typeof ZMyOccurrenceMark>;

export interface TItems<Item> {
  items: Item[];
}
