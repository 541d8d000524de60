import { systemClock } from '../../lib/clock.ts';
import { createPatientsAudit, insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import { findOwnLivePatientId } from '../patients/patients.repository.ts';
import type { RecordViewpoint } from './linked-patient.ts';
import { findPreviewLink } from './my-health.repository.ts';
import { createMyScreens } from './my-health.screens.ts';
import type { MyKindSegment, MyViewDeps } from './my-health.service.ts';

/** Where a practitioner previews from: who, and which of their patients (the path's `id`). */
export interface PreviewPlace {
  actor: Actor;
  patientId: string;
}

/**
 * The practitioner's "as the patient sees it": the linked person's answers, computed by the very
 * same views, but gated by ownership of the patient (the refusal every other patient
 * sub-resource gives, 404 `PATIENT_NOT_FOUND`) and audited as the practitioner's read. The
 * viewpoint is the patient's live link when there is one, so shared notes are the same; with
 * none, that of a link made now, which shares only notes the practitioner set to shared.
 */
export function createPatientPreviewService({ db, now = systemClock, links }: MyViewDeps) {
  const { views, carePlans } = createMyScreens({ db, now, links });
  const refusals = createPatientsAudit(db);

  async function answer<Answer>(
    { actor, patientId }: PreviewPlace,
    action: 'read' | 'list',
    view: (viewpoint: RecordViewpoint) => Promise<Answer>,
  ): Promise<Answer> {
    const id = await findOwnLivePatientId(db, { ownerId: actor.actorId, patientId });
    if (!id) return refusals.deny(actor, action, patientId);
    const scope = { ownerId: actor.actorId, patientId: id };
    const link = await findPreviewLink(db, scope);
    const viewpoint: RecordViewpoint = {
      ...scope,
      relationship: link?.relationship ?? 'self',
      linkedAt: link?.linkedAt ?? null,
    };
    const result = await view(viewpoint);
    await insertActorAuditEvents(db, actor, [{ patientId: id, action, outcome: 'success' }]);
    return result;
  }

  const items =
    <Item>(view: (viewpoint: RecordViewpoint) => Promise<Item[]>) =>
    async (viewpoint: RecordViewpoint) => ({ items: await view(viewpoint) });

  return {
    getPatient: (place: PreviewPlace) => answer(place, 'read', views.patient),
    findAppointments: (place: PreviewPlace) => answer(place, 'list', views.appointments),
    findVisits: (place: PreviewPlace) => answer(place, 'list', items(views.visits)),
    findVitals: (place: PreviewPlace) => answer(place, 'list', items(views.vitals)),
    findKindItems: ({ segment, ...place }: PreviewPlace & { segment: MyKindSegment }) =>
      answer(
        place,
        'list',
        items((viewpoint) => views.kindItems(viewpoint, segment)),
      ),
    findCarePlans: (place: PreviewPlace) => answer(place, 'list', items(carePlans.readCarePlans)),
  };
}

export type PatientPreviewService = ReturnType<typeof createPatientPreviewService>;
