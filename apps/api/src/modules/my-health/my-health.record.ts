import crypto from 'node:crypto';
import type { z } from 'zod';
import type { ZMyAllergy, ZMyImmunization, ZMyPrescription } from '@portal/shared/my-health';
import { systemClock } from '../../lib/clock.ts';
import {
  toFhirAllergyView,
  toFhirDispenseView,
  toFhirPrescriptionView,
} from '../clinical/clinical.fhir.ts';
import { toFhirImmunizationView } from '../../kinds/immunizations.ts';
import {
  toFhirAppointmentView,
  toFhirPractitionerView,
} from '../appointments/appointments.fhir.ts';
import { insertActorAuditEvents } from '../audit/owned-records.ts';
import { toFhirCarePlanView } from '../care-plans/care-plans.fhir.ts';
import { toFhirCorrectionTask } from '../corrections/corrections.fhir.ts';
import type { CorrectionService } from '../corrections/corrections.service.ts';
import { derivedUuid, toFhirPatientView, type FhirEntry } from '../patients/patients.fhir.ts';
import { toFhirVisitView } from '../visits/visits.fhir.ts';
import { getLinkedPatient } from './linked-patient.ts';
import { createMyScreens } from './my-health.screens.ts';
import type { MyPlace, MyViewDeps } from './my-health.service.ts';

/** A FHIR R4 Bundle of type `collection`. */
export interface MyRecordBundle {
  resourceType: 'Bundle';
  id: string;
  type: 'collection';
  timestamp: string;
  entry: FhirEntry[];
}

/**
 * A linked person's copy of the record as FHIR R4: built from the very answers the screens
 * show (the same views, cut down to each kind's patient view), never from the stored rows, so
 * it can hold nothing the screens keep back.
 */
export function createMyRecordService({
  db,
  now = systemClock,
  links,
  corrections,
}: MyViewDeps & { corrections: CorrectionService }) {
  const { views, carePlans } = createMyScreens({ db, now, links });

  return {
    /** The whole record in one Bundle, audited as one read of the patient. */
    async exportRecord(place: MyPlace): Promise<MyRecordBundle> {
      const link = await getLinkedPatient(db, { ...place, action: 'read' });
      const [card, appointments, visits, allergies, prescriptions, immunizations, plans, requests] =
        await Promise.all([
          views.patient(link),
          views.appointments(link),
          views.visits(link),
          views.kindItems(link, 'allergies'),
          views.kindItems(link, 'prescriptions'),
          views.kindItems(link, 'immunizations'),
          carePlans.readCarePlans(link),
          corrections.readCorrections(link),
        ]);
      await insertActorAuditEvents(db, place.actor, [
        { patientId: link.patientId, action: 'read', outcome: 'success', subject: null },
      ]);
      const { patientId } = link;
      const patient = { id: patientId, name: card.patient.name };
      // Not the practitioner's account id: the screens never show it.
      const practitioner = {
        id: derivedUuid(patientId, 'practitioner'),
        name: card.practice.practitionerName,
      };
      const ofPatient = { patientId, practitioner };
      const entry = [
        toFhirPatientView(card.patient),
        toFhirPractitionerView(practitioner.id, card.practice),
        ...[...appointments.upcoming, ...appointments.past].map((item) =>
          toFhirAppointmentView(item, { patient, practitioner }),
        ),
        ...visits.flatMap((item) => toFhirVisitView(item, ofPatient)),
        ...(prescriptions as z.infer<typeof ZMyPrescription>[]).flatMap((item) => [
          toFhirPrescriptionView({ ...item, patientId }, practitioner),
          ...toFhirDispenseView({ ...item, patientId }),
        ]),
        ...(allergies as z.infer<typeof ZMyAllergy>[]).map((item) =>
          toFhirAllergyView({ ...item, patientId }, practitioner),
        ),
        ...(immunizations as z.infer<typeof ZMyImmunization>[]).map((item) =>
          toFhirImmunizationView({ ...item, patientId }),
        ),
        ...plans.map((item) => toFhirCarePlanView(item, ofPatient)),
      ];
      const held = new Set(entry.map((one) => one.fullUrl));
      entry.push(
        ...requests.map((item) =>
          toFhirCorrectionTask(item, { practitioner, hasFocus: (url) => held.has(url) }),
        ),
      );
      return {
        resourceType: 'Bundle',
        id: crypto.randomUUID(),
        type: 'collection',
        timestamp: now().toISOString(),
        entry,
      };
    },
  };
}

export type MyRecordService = ReturnType<typeof createMyRecordService>;
