import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf, ZPatientParams } from '../audit/owned-records.http.ts';
import type { PatientPreviewService, PreviewPlace } from './my-health.preview.ts';

const TAGS = ['my-health'];
const BASE = '/api/records/patients/:id/patient-view';
const GATE =
  "The practitioner's preview of what the patient sees under `/api/me/patients/{patientId}/…`: the same answer, from the same views, read-only. Which visits' notes show is as for the patient's live link (its own when there is one, else the oldest); with no live link, as for a link made now, so only notes set to shared show. Only for the practitioner's own patient (someone else's, a trashed or a missing one: 404 `PATIENT_NOT_FOUND`); never cached (`Cache-Control: no-store`); audited as the practitioner's read of the patient.";
const errors = {
  400: ZApiError,
  401: ZApiError,
  404: ZApiError.describe("`PATIENT_NOT_FOUND` (someone else's patient is missing too)"),
};

type Screen = {
  path: string;
  summary: string;
  answer: z.ZodType;
  read: (service: PatientPreviewService, place: PreviewPlace) => Promise<unknown>;
};

/** One preview per screen of the patient's, each answering that screen's schema. */
const SCREENS: Screen[] = [
  {
    path: '',
    summary: 'Preview the patient’s card: the patient, how they are linked, the practice’s card',
    answer: ZMyPatient,
    read: (service, place) => service.getPatient(place),
  },
  {
    path: '/appointments',
    summary: 'Preview the patient’s appointments, as the patient sees them',
    answer: ZMyAppointments,
    read: (service, place) => service.findAppointments(place),
  },
  {
    path: '/visits',
    summary: 'Preview the patient’s signed visits, with notes only where the patient sees them',
    answer: itemsOf(ZMyVisit),
    read: (service, place) => service.findVisits(place),
  },
  {
    path: '/vitals',
    summary: 'Preview the patient’s vital-signs chart',
    answer: itemsOf(ZMyVitalsPoint),
    read: (service, place) => service.findVitals(place),
  },
  ...(
    [
      ['allergies', ZMyAllergy],
      ['prescriptions', ZMyPrescription],
      ['immunizations', ZMyImmunization],
    ] as const
  ).map(([segment, item]) => ({
    path: `/${segment}`,
    summary: `Preview the patient’s ${segment}, as the patient sees them`,
    answer: itemsOf(item),
    read: (service: PatientPreviewService, place: PreviewPlace) =>
      service.findKindItems({ ...place, segment }),
  })),
  {
    path: '/care-plans',
    summary: 'Preview the patient’s active care plans with today’s activities',
    answer: itemsOf(ZMyCarePlan),
    read: (service, place) => service.findCarePlans(place),
  },
];

/** `/api/records/patients/{id}/patient-view/…`: the practitioner's preview (HTTP only). */
export function patientPreviewRoutes(
  app: FastifyInstance,
  { preview }: { preview: PatientPreviewService },
) {
  const zod = app.withTypeProvider<ZodTypeProvider>();
  for (const screen of SCREENS) {
    zod.get(
      `${BASE}${screen.path}`,
      {
        schema: {
          tags: TAGS,
          summary: screen.summary,
          description: GATE,
          params: ZPatientParams,
          response: { 200: screen.answer, ...errors },
        },
      },
      async (request) =>
        screen.read(preview, { actor: await actorOf(request), patientId: request.params.id }),
    );
  }
}
