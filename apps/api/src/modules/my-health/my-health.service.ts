import type { z } from 'zod';
import { APPOINTMENT_PATIENT_VIEW } from '@portal/shared/appointment';
import type {
  TMyAppointment,
  TMyAppointments,
  TMyPatient,
  TMyVisit,
  ZMyVitalsPoint,
} from '@portal/shared/my-health';
import { bmiOf, VISIT_PATIENT_VIEW } from '@portal/shared/visit';
import type { AuditSubjectKind } from '@portal/shared/audit';
import type { DbAndClock } from '../../db/client.ts';
import type { AnswerLinks } from '../../kinds/kind.ts';
import { API_KINDS } from '../../kinds/registry.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { storedId } from '../../lib/uuid.ts';
import { cancelAppointment } from '../appointments/appointments.repository.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import type { VisitRecord } from '../visits/visits.fields.ts';
import { listSignedVisits } from '../visits/visits.repository.ts';
import { getLinkedPatient, type LinkedPatient, type RecordViewpoint } from './linked-patient.ts';
import * as repository from './my-health.repository.ts';

/** The most items one list of a linked patient answers (newest first where it matters). */
export const MY_LIST_MAX = 500;

const HOUR_MS = 3_600_000;

type TMyVitalsPoint = z.infer<typeof ZMyVitalsPoint>;

/** The item cut down to the declared fields, in their order: nothing else can slip through. */
export function pickView<const Field extends string>(
  item: Record<string, unknown>,
  fields: readonly Field[],
): Record<Field, unknown> {
  return Object.fromEntries(fields.map((field) => [field, item[field]])) as Record<Field, unknown>;
}

/** Where a linked person asks from: who, and about which patient. */
export interface MyPlace {
  actor: Actor;
  patientId: string;
}

function toMyAppointment(row: repository.MyAppointmentRow): TMyAppointment {
  const item = {
    _id: row.id,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    kind: row.kind,
    status: row.status,
    requestExpiresAt: row.requestExpiresAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    // What the practitioner wrote when declining: the patient learns why.
    declineMessage: row.declineMessage,
  };
  return pickView(item, APPOINTMENT_PATIENT_VIEW) as TMyAppointment;
}

/**
 * Whether the visit's notes reach the linked person: `private` never, `shared` always, and by
 * default only notes signed once the person was linked, since older notes were written without
 * the patient as a reader in mind.
 */
export function areNotesShared(
  visit: Pick<VisitRecord, 'patientSharing' | 'signedAt'>,
  link: Pick<RecordViewpoint, 'linkedAt'>,
): boolean {
  if (visit.patientSharing === 'private') return false;
  if (visit.patientSharing === 'shared') return true;
  return visit.signedAt !== null && link.linkedAt !== null && visit.signedAt >= link.linkedAt;
}

function toMyVisit(row: VisitRecord, link: RecordViewpoint): TMyVisit {
  const isShared = areNotesShared(row, link);
  const item = {
    ...row,
    _id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    signedAt: row.signedAt!.toISOString(),
    bmi: bmiOf(row),
  };
  return {
    ...(pickView(item, VISIT_PATIENT_VIEW) as Omit<TMyVisit, 'notes' | 'addenda'>),
    notes: isShared
      ? {
          subjective: row.subjective,
          objective: row.objective,
          assessment: row.assessment,
          plan: row.plan,
        }
      : null,
    addenda: isShared
      ? row.addenda.map((addendum) => ({
          _id: addendum.id,
          text: addendum.text,
          createdAt: addendum.createdAt.toISOString(),
        }))
      : [],
  };
}

/** The patient-owned kinds a linked patient reads, by their path segment. */
export const MY_KIND_SEGMENTS = ['allergies', 'prescriptions', 'immunizations'] as const;
export type MyKindSegment = (typeof MY_KIND_SEGMENTS)[number];

/**
 * The screens' answers for a viewpoint that has passed a gate, neither gated nor audited: the
 * linked person's routes below, the FHIR record (my-health.record.ts) and the practitioner's
 * preview (my-health.preview.ts) read the same views through them, so none can differ.
 */
export type MyViewDeps = DbAndClock & { links: AnswerLinks };

/** The linked person's views; `links` start the answers' absolute links (a prescription's verification page). */
export function createMyViews({ db, now = systemClock, links }: MyViewDeps) {
  return {
    async patient(link: RecordViewpoint): Promise<TMyPatient> {
      const card = (await repository.findPatientCard(db, link))!;
      return {
        patient: {
          _id: link.patientId,
          name: card.patientName,
          dateOfBirth: card.dateOfBirth,
          age: card.age,
        },
        relationship: link.relationship,
        practice: {
          name: card.practiceName,
          street: card.street,
          postalCode: card.postalCode,
          city: card.city,
          country: card.country,
          phone: card.phone,
          cancellationNoticeHours: card.cancellationNoticeHours,
          practitionerName: card.practitionerName,
          workingHours: card.workingHours,
        },
      };
    },

    async appointments(link: RecordViewpoint): Promise<TMyAppointments> {
      const at = now();
      const list = (when: 'upcoming' | 'past') =>
        repository.listAppointments(db, { ...link, at, when, limit: MY_LIST_MAX });
      const [upcoming, past] = await Promise.all([list('upcoming'), list('past')]);
      return { upcoming: upcoming.map(toMyAppointment), past: past.map(toMyAppointment) };
    },

    async visits(link: RecordViewpoint): Promise<TMyVisit[]> {
      const rows = await listSignedVisits(db, { ...link, limit: MY_LIST_MAX });
      return rows.map((row) => toMyVisit(row, link));
    },

    /** The chart's points, oldest first: the signed visits that measured a weight or pressure. */
    async vitals(link: RecordViewpoint): Promise<TMyVitalsPoint[]> {
      const rows = await listSignedVisits(db, { ...link, limit: MY_LIST_MAX });
      return rows
        .filter((row) => row.weight !== null || row.systolic !== null || row.diastolic !== null)
        .reverse()
        .map((row) => ({
          visitId: row.id,
          occurredAt: row.occurredAt.toISOString(),
          systolic: row.systolic,
          diastolic: row.diastolic,
          weight: row.weight,
        }));
    },

    async kindItems(link: RecordViewpoint, segment: MyKindSegment) {
      const kind = API_KINDS.find((declaration) => declaration.shared.segment === segment)!;
      const items = await kind.patientItems(db, { ...link, limit: MY_LIST_MAX }, links);
      return items.map((item) => pickView(item, kind.shared.patientView));
    },
  };
}

export function createMyHealthService({ db, now = systemClock, links }: MyViewDeps) {
  const views = createMyViews({ db, now, links });
  const audit = (
    actor: Actor,
    link: LinkedPatient,
    action: 'read' | 'list' | 'cancel',
    subject?: { kind: AuditSubjectKind; id: string },
  ) =>
    insertActorAuditEvents(db, actor, [
      { patientId: link.patientId, action, outcome: 'success', subject: subject ?? null },
    ]);

  const linked = ({ actor, patientId }: MyPlace, action: 'read' | 'list' | 'cancel' | 'update') =>
    getLinkedPatient(db, { actor, patientId, action });

  return {
    async getPatient(place: MyPlace): Promise<TMyPatient> {
      const link = await linked(place, 'read');
      const answer = await views.patient(link);
      await audit(place.actor, link, 'read');
      return answer;
    },

    async findAppointments(place: MyPlace): Promise<TMyAppointments> {
      const link = await linked(place, 'list');
      const answer = await views.appointments(link);
      await audit(place.actor, link, 'list');
      return answer;
    },

    /**
     * Cancels a booked appointment, or withdraws a request, up to the practice's cancellation
     * notice before its start (none set: up to the start); later, or once it has started, 409
     * `CANCELLATION_TOO_LATE` naming the practice's phone. Cancelling a cancelled one answers it
     * unchanged.
     */
    async cancelAppointment({
      appointmentId,
      ...place
    }: MyPlace & { appointmentId: string }): Promise<TMyAppointment> {
      const link = await linked(place, 'cancel');
      const id = storedId(appointmentId);
      const row = id && (await repository.findAppointment(db, { ...link, id }));
      if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
      const subject = { kind: 'appointment' as const, id: row.id };
      if (row.status === 'cancelled') {
        await audit(place.actor, link, 'cancel', subject);
        return toMyAppointment(row);
      }
      const rule = await repository.findCancellationRule(db, link.ownerId);
      const deadline = row.startsAt.getTime() - (rule?.hours ?? 0) * HOUR_MS;
      const isOpen = row.status === 'booked' || row.status === 'requested';
      if (!isOpen || now().getTime() > deadline) {
        await insertActorAuditEvents(db, place.actor, [
          { patientId: link.patientId, action: 'cancel', outcome: 'conflict', subject },
        ]);
        const phone = rule?.phone ?? null;
        throw new AppError('CANCELLATION_TOO_LATE', {
          ...(phone && {
            message: `It is too late to cancel this appointment online. Please call the practice at ${phone}.`,
          }),
          details: { phone },
        });
      }
      await db.transaction(async (tx) => {
        await cancelAppointment(tx, { ownerId: link.ownerId, id: row.id, versions: null });
        await insertActorAuditEvents(tx, place.actor, [
          { patientId: link.patientId, action: 'cancel', outcome: 'success', subject },
        ]);
      });
      return toMyAppointment({ ...row, status: 'cancelled' });
    },

    async findVisits(place: MyPlace): Promise<{ items: TMyVisit[] }> {
      const link = await linked(place, 'list');
      const items = await views.visits(link);
      await audit(place.actor, link, 'list');
      return { items };
    },

    async findVitals(place: MyPlace): Promise<{ items: TMyVitalsPoint[] }> {
      const link = await linked(place, 'list');
      const items = await views.vitals(link);
      await audit(place.actor, link, 'list');
      return { items };
    },

    /** One patient-owned kind's items, newest first, cut down to the kind's patient view. */
    async findKindItems({ segment, ...place }: MyPlace & { segment: MyKindSegment }) {
      const link = await linked(place, 'list');
      const items = await views.kindItems(link, segment);
      await audit(place.actor, link, 'list');
      return { items };
    },
  };
}

export type MyHealthService = ReturnType<typeof createMyHealthService>;
