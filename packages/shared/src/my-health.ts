import { z } from 'zod';
import { ZAllergy, ALLERGY_KIND } from './allergy.ts';
import { APPOINTMENT_PATIENT_VIEW, ZAppointment } from './appointment.ts';
import { CARE_PLAN_KIND, CARE_PLAN_MESSAGES, ZCarePlan } from './care-plan.ts';
import { IMMUNIZATION_KIND, ZImmunization } from './immunization.ts';
import { LINK_RELATIONSHIPS } from './patient-access.ts';
import { PRESCRIPTION_KIND, ZPrescription } from './prescription.ts';
import { ZWorkingHours } from './profile.ts';
import { VISIT_PATIENT_VIEW, ZVisit } from './visit.ts';

/**
 * What a linked person sees of one patient record under `/api/me/patients/{patientId}/…`. Each
 * item's schema is its kind's answer cut down to the kind's patient view (the `patientView` of
 * its declaration, or `APPOINTMENT_PATIENT_VIEW` and `VISIT_PATIENT_VIEW`): the API answers
 * through these schemas, so a field outside the view cannot reach the patient even by mistake.
 */

/** How a linked person stands to the patient, as the practitioner chose when inviting. */
export const ZLinkRelationship = z.enum(LINK_RELATIONSHIPS);
export type { TLinkRelationship } from './patient-access.ts';

/** `schema` cut down to `fields`, in their order. */
export function patientViewOf<
  Shape extends z.core.$ZodShape,
  const Fields extends readonly (keyof Shape & string)[],
>(schema: z.ZodObject<Shape>, fields: Fields) {
  const mask = Object.fromEntries(fields.map((field) => [field, true]));
  return schema.pick(mask as never) as unknown as z.ZodObject<Pick<Shape, Fields[number]>>;
}

export const ZPatientParams = z.object({
  patientId: z.string().max(200).describe('The linked patient record’s `_id`'),
});

/** `GET /api/me/patients/{patientId}`: the patient and the practice's card. */
export const ZMyPatient = z.object({
  patient: z.object({
    _id: z.uuid(),
    name: z.string(),
    dateOfBirth: z.string().nullable(),
    age: z.number().int().nullable(),
  }),
  relationship: ZLinkRelationship,
  practice: z.object({
    name: z.string().nullable(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    phone: z.string().nullable(),
    cancellationNoticeHours: z
      .number()
      .int()
      .nullable()
      .describe('Hours before the start after which cancelling online is refused; null: any time'),
    practitionerName: z.string(),
    workingHours: ZWorkingHours,
  }),
});
export type TMyPatient = z.infer<typeof ZMyPatient>;

export const ZMyAppointment = patientViewOf(ZAppointment, APPOINTMENT_PATIENT_VIEW);
export type TMyAppointment = z.infer<typeof ZMyAppointment>;

export const ZMyAppointments = z.object({
  upcoming: z.array(ZMyAppointment).describe('Not yet ended, soonest first'),
  past: z.array(ZMyAppointment).describe('Ended, newest first'),
});
export type TMyAppointments = z.infer<typeof ZMyAppointments>;

export const ZMyAppointmentParams = ZPatientParams.extend({
  appointmentId: z.string().max(200).describe('The appointment’s `_id`'),
});

export const ZMyAddendum = z.object({ _id: z.uuid(), text: z.string(), createdAt: z.string() });

/** The SOAP notes of a visit whose notes are shared with the patient. */
export const ZMyVisitNotes = ZVisit.pick({
  subjective: true,
  objective: true,
  assessment: true,
  plan: true,
});

export const ZMyVisit = patientViewOf(ZVisit, VISIT_PATIENT_VIEW).extend({
  notes: ZMyVisitNotes.nullable().describe(
    'Null unless shared: signed after the link was made and not kept private, or shared by the practitioner',
  ),
  addenda: z.array(ZMyAddendum).describe('Oldest first; empty unless the notes are shared'),
});
export type TMyVisit = z.infer<typeof ZMyVisit>;

export const ZMyAllergy = patientViewOf(ZAllergy, ALLERGY_KIND.patientView);
export const ZMyPrescription = patientViewOf(ZPrescription, PRESCRIPTION_KIND.patientView);
export const ZMyImmunization = patientViewOf(ZImmunization, IMMUNIZATION_KIND.patientView);

/** Today's occurrence of an activity (on the practice's clock), with its mark. */
export const ZMyOccurrence = z.object({
  date: z.iso.date(),
  state: z.enum(['due', 'done', 'skipped']),
});

export const ZMyCarePlanActivity = z.object({
  _id: z.uuid(),
  title: z.string(),
  todayOccurrence: ZMyOccurrence.nullable().describe('Null when the activity does not occur today'),
});

export const ZMyCarePlan = patientViewOf(ZCarePlan, CARE_PLAN_KIND.patientView).extend({
  activities: z.array(ZMyCarePlanActivity),
});
export type TMyCarePlan = z.infer<typeof ZMyCarePlan>;

/** `POST …/care-plans/{carePlanId}/activities/{activityId}/occurrences/{day}`. */
export const ZMyOccurrenceParams = ZPatientParams.extend({
  carePlanId: z.string().max(200),
  activityId: z.string().max(200),
  day: z.iso.date({ error: CARE_PLAN_MESSAGES.occurrenceDateInvalid }),
});
export const ZMyOccurrenceMark = z.strictObject({
  status: z.enum(['done', 'skipped'], { error: CARE_PLAN_MESSAGES.patientMarkInvalid }),
});

/** One point of the vital-signs chart: a signed visit that measured something. */
export const ZMyVitalsPoint = z.object({
  visitId: z.uuid(),
  occurredAt: z.string(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  weight: z.number().nullable(),
});

/** `{ items }` of one list answer. */
export const itemsOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item) });

/**
 * `GET /api/me/patients/{patientId}/access-log`: "who viewed my record", newest first. Only
 * reads and exports of the record (never the trail's other events), by the practitioner whose
 * record it is, by the caller, or by another person linked to the same record; names only, no
 * e-mail, no account id.
 */
export const ZMyAccessEntry = z.object({
  at: z.string(),
  actor: z
    .enum(['practitioner', 'you', 'linked'])
    .describe('The record’s practitioner, you, or another person linked to the record'),
  actorName: z.string(),
  action: z.enum(['read', 'list', 'export']).describe('Read one item, a list, or the download'),
  subjectKind: z
    .string()
    .nullable()
    .describe(
      'What was read (`appointment`, `visit`, a kind such as `allergy`), null: the record as a whole',
    ),
});
export type TMyAccessEntry = z.infer<typeof ZMyAccessEntry>;
