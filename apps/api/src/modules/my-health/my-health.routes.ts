import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  itemsOf,
  ZMyAccessEntry,
  ZMyAllergy,
  ZMyAppointment,
  ZMyAppointmentParams,
  ZMyAppointments,
  ZMyCarePlan,
  ZMyImmunization,
  ZMyOccurrence,
  ZMyOccurrenceMark,
  ZMyOccurrenceParams,
  ZMyPatient,
  ZMyPrescription,
  ZMyVisit,
  ZMyVitalsPoint,
  ZPatientParams,
} from '@portal/shared/my-health';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { ZDocument } from '../../lib/response-schemas.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import { LINK_GATE, LINK_GATE_ERRORS, MY_HEALTH_TAGS } from './my-health.openapi.ts';
import { ACCESS_LOG_MAX, type MyAccessLogService } from './my-health.access-log.ts';
import type { MyCarePlanService } from './my-health.care-plans.ts';
import type { MyRecordService } from './my-health.record.ts';
import { MY_LIST_MAX, type MyHealthService, type MyKindSegment } from './my-health.service.ts';

const TAGS = MY_HEALTH_TAGS;
const BASE = '/api/me/patients/:patientId';
const GATE = LINK_GATE;
const errors = LINK_GATE_ERRORS;

/** The kinds' lists: each answers the kind's patient view (its declaration's `patientView`). */
const KIND_LISTS: { segment: MyKindSegment; item: z.ZodType; what: string }[] = [
  { segment: 'allergies', item: ZMyAllergy, what: 'allergies, newest first' },
  {
    segment: 'prescriptions',
    item: ZMyPrescription,
    what: 'prescriptions, active and past, newest first (never the reason one was stopped)',
  },
  {
    segment: 'immunizations',
    item: ZMyImmunization,
    what: 'immunizations, newest first (never the performer note)',
  },
];

/** `/api/me/patients/{patientId}/…`: what a linked person sees of one record (HTTP only). */
export function myHealthRoutes(
  app: FastifyInstance,
  {
    myHealth,
    carePlans,
    record,
    accessLog,
  }: {
    myHealth: MyHealthService;
    carePlans: MyCarePlanService;
    record: MyRecordService;
    accessLog: MyAccessLogService;
  },
) {
  const zod = app.withTypeProvider<ZodTypeProvider>();
  const placeOf = async (
    request: { params: { patientId: string } } & Parameters<typeof actorOf>[0],
  ) => ({
    actor: await actorOf(request),
    patientId: request.params.patientId,
  });

  zod.get(
    BASE,
    {
      schema: {
        tags: TAGS,
        summary:
          'The linked patient (name, date of birth, age), how you are linked, and the practice’s card (address, phone, hours, cancellation notice)',
        description: GATE,
        params: ZPatientParams,
        response: { 200: ZMyPatient, ...errors },
      },
    },
    async (request) => myHealth.getPatient(await placeOf(request)),
  );

  zod.get(
    `${BASE}/appointments`,
    {
      schema: {
        tags: TAGS,
        summary:
          'The patient’s appointments: when, how and whether they hold, never the practitioner’s note or reason',
        description: `${GATE} Each list holds at most ${MY_LIST_MAX}: the soonest upcoming ones and the latest past ones.`,
        params: ZPatientParams,
        response: { 200: ZMyAppointments, ...errors },
      },
    },
    async (request) => myHealth.findAppointments(await placeOf(request)),
  );

  zod.post(
    `${BASE}/appointments/:appointmentId/cancel`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Cancel a booked appointment, up to the practice’s cancellation notice before its start (none set: up to the start); a cancelled one is answered unchanged',
        description: GATE,
        params: ZMyAppointmentParams,
        response: {
          200: ZMyAppointment,
          ...errors,
          404: ZApiError.describe('`LINK_NOT_FOUND`, or `APPOINTMENT_NOT_FOUND`'),
          409: ZApiError.extend({
            phone: z.string().nullable().describe('The practice’s phone, to call instead'),
          }).describe(
            '`CANCELLATION_TOO_LATE`: inside the cancellation notice, started or over; the message names the practice’s phone when known',
          ),
        },
      },
    },
    async (request) =>
      myHealth.cancelAppointment({
        ...(await placeOf(request)),
        appointmentId: request.params.appointmentId,
      }),
  );

  zod.get(
    `${BASE}/visits`,
    {
      schema: {
        tags: TAGS,
        summary:
          'The signed visits, newest first, with reason and vital signs; notes and addenda only when shared (signed after you were linked and not kept private, or shared by the practitioner); drafts never',
        description: GATE,
        params: ZPatientParams,
        response: { 200: itemsOf(ZMyVisit), ...errors },
      },
    },
    async (request) => myHealth.findVisits(await placeOf(request)),
  );

  zod.get(
    `${BASE}/vitals`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Weight and blood pressure over time, oldest first, from the signed visits that measured them',
        description: GATE,
        params: ZPatientParams,
        response: { 200: itemsOf(ZMyVitalsPoint), ...errors },
      },
    },
    async (request) => myHealth.findVitals(await placeOf(request)),
  );

  for (const { segment, item, what } of KIND_LISTS) {
    zod.get(
      `${BASE}/${segment}`,
      {
        schema: {
          tags: TAGS,
          summary: `The patient's ${what}`,
          description: GATE,
          params: ZPatientParams,
          response: { 200: itemsOf(item), ...errors },
        },
      },
      async (request) => myHealth.findKindItems({ ...(await placeOf(request)), segment }),
    );
  }

  zod.get(
    `${BASE}/care-plans`,
    {
      schema: {
        tags: TAGS,
        summary:
          'The active care plans, each activity with today’s occurrence on the practice’s clock (null when it does not occur today) and its mark',
        description: GATE,
        params: ZPatientParams,
        response: { 200: itemsOf(ZMyCarePlan), ...errors },
      },
    },
    async (request) => carePlans.findCarePlans(await placeOf(request)),
  );

  zod.post(
    `${BASE}/care-plans/:carePlanId/activities/:activityId/occurrences/:day`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Mark one occurrence of an activity done or skipped (the practitioner sees who marked it); audited as an update of the care plan',
        description: GATE,
        params: ZMyOccurrenceParams,
        body: ZMyOccurrenceMark,
        response: {
          200: ZMyOccurrence,
          ...errors,
          404: ZApiError.describe(
            '`LINK_NOT_FOUND`, `CARE_PLAN_NOT_FOUND` (or not active), or `OCCURRENCE_NOT_FOUND`: the activity does not occur that day',
          ),
          409: ZApiError.describe('`OCCURRENCE_NOT_YET_DUE`: the day has not come yet'),
        },
      },
    },
    async (request) =>
      carePlans.markOccurrence({
        ...(await placeOf(request)),
        carePlanId: request.params.carePlanId,
        activityId: request.params.activityId,
        day: request.params.day,
        status: request.body.status,
      }),
  );

  zod.get(
    `${BASE}/record`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Download the record as a FHIR R4 Bundle (collection) of exactly what the other routes here show: the Patient (name, date of birth when known), the practitioner as a Practitioner (the practice’s address and phone), Appointment resources, the signed visits as Encounter resources with their vital-sign Observations (LOINC) and, only when shared, their notes as a Composition, then MedicationRequest (and a MedicationDispense for each dispensed one), AllergyIntolerance, Immunization and CarePlan resources (today’s occurrence of each activity); drafts, private notes and the practitioner’s notes never',
        description: `${GATE} Saved as \`my-record.json\` (\`Content-Disposition: attachment\`); audited as one read.`,
        params: ZPatientParams,
        produces: ['application/fhir+json'],
        response: { 200: ZDocument('The FHIR R4 Bundle'), ...errors },
      },
    },
    async (request, reply) => {
      const bundle = await record.exportRecord(await placeOf(request));
      void reply
        .type('application/fhir+json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="my-record.json"');
      return bundle;
    },
  );

  zod.get(
    `${BASE}/access-log`,
    {
      schema: {
        tags: TAGS,
        summary: `Who viewed the record: the newest ${ACCESS_LOG_MAX} reads, lists and exports of it by its practitioner, by you and by the other people linked to it, names only (never an e-mail or an account id)`,
        description: `${GATE} Refused attempts, changes and the reads of this log itself are not listed: opening the log would otherwise add to it each time.`,
        params: ZPatientParams,
        response: { 200: itemsOf(ZMyAccessEntry), ...errors },
      },
    },
    async (request) => accessLog.findAccessLog(await placeOf(request)),
  );
}
