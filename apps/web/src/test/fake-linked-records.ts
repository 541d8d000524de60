import type { z } from 'zod';
import {
  itemsOf,
  ZMyAllergy,
  ZMyAppointments,
  ZMyCarePlan,
  ZMyImmunization,
  ZMyPatient,
  ZMyPrescription,
  ZMyVisit,
  ZMyVitalsPoint,
} from '@portal/shared/my-health';
import type {
  TMyAccessEntry,
  TMyAllergy,
  TMyAppointments,
  TMyCarePlan,
  TMyImmunization,
  TMyLink,
  TMyPatient,
  TMyPrescription,
  TMyVisit,
  TMyVitalsPoint,
} from '../features/my-health/api-types.ts';
import { answerAs, NO_STORE } from './fake-api-answers.ts';

/** What a linked person sees of one record; tests fill it. */
export interface FakeLinkedRecord {
  record: TMyPatient;
  appointments: TMyAppointments;
  visits: TMyVisit[];
  prescriptions: TMyPrescription[];
  allergies: TMyAllergy[];
  immunizations: TMyImmunization[];
  carePlans: TMyCarePlan[];
  vitals: TMyVitalsPoint[];
  /** "Who viewed my record", newest first. */
  accessLog: TMyAccessEntry[];
}

/** A record at a Berlin practice with empty lists, with what `shown` fills in over them. */
export function linkedRecordOf(
  link: Pick<TMyLink, 'patientId' | 'patientName' | 'relationship' | 'practitioner'>,
  shown: Partial<FakeLinkedRecord>,
): FakeLinkedRecord {
  return {
    record: {
      patient: { _id: link.patientId, name: link.patientName, dateOfBirth: '1990-04-12', age: 36 },
      relationship: link.relationship,
      practice: {
        name: link.practitioner.practiceName,
        street: 'Marktstraße 4',
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
        phone: '+49 30 1234567',
        cancellationNoticeHours: 24,
        practitionerName: link.practitioner.name,
        workingHours: {
          monday: { start: '08:00', end: '16:00' },
          tuesday: { start: '08:00', end: '16:00' },
          wednesday: null,
          thursday: { start: '08:00', end: '18:00' },
          friday: { start: '08:00', end: '12:00' },
          saturday: null,
          sunday: null,
        },
      },
    },
    appointments: { upcoming: [], past: [] },
    visits: [],
    prescriptions: [],
    allergies: [],
    immunizations: [],
    carePlans: [],
    vitals: [],
    accessLog: [],
    ...shown,
  };
}

/**
 * A screen's answer (`''` the card, `appointments`, or one of the lists), the same for the
 * linked person and the practitioner's preview; undefined for any other segment.
 */
export function answerScreen(shown: FakeLinkedRecord, segment: string): Response | undefined {
  if (segment === '') return answerAs(ZMyPatient, shown.record, NO_STORE);
  if (segment === 'appointments') return answerAs(ZMyAppointments, shown.appointments, NO_STORE);
  const lists: Record<string, [z.ZodType, unknown[]]> = {
    visits: [ZMyVisit, shown.visits],
    vitals: [ZMyVitalsPoint, shown.vitals],
    prescriptions: [ZMyPrescription, shown.prescriptions],
    allergies: [ZMyAllergy, shown.allergies],
    immunizations: [ZMyImmunization, shown.immunizations],
    'care-plans': [ZMyCarePlan, shown.carePlans],
  };
  const list = lists[segment];
  return list && answerAs(itemsOf(list[0]), { items: list[1] }, NO_STORE);
}
