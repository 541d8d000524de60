import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAllergyWarning,
  ZMedicationQuery,
  ZMedicationSuggestions,
  ZPrescription,
  ZPrescriptionInput,
  ZPrescriptionListQuery,
  ZPrescriptionStop,
} from '@portal/shared/prescription';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { etagOf } from '../../lib/etag.ts';
import { sendPageHeaders } from '../../lib/paging.ts';
import {
  actorOf,
  auditInvalidBody,
  clinicalErrors as errors,
  ZIfMatch,
  ZItemId,
  ZPatientParams,
} from './clinical.http.ts';
import type { ClinicalRefusals } from './clinical.refusals.ts';
import type { PrescriptionService } from './prescriptions.service.ts';

const ZParams = ZPatientParams.extend({ prescriptionId: ZItemId('prescription') });
/** The allergy warning, or (with If-Match) a version that has changed, or a stopped one. */
const warningOrChanged = z
  .union([ZAllergyWarning, ZApiError])
  .describe(
    '`ALLERGY_WARNING` with `allergies` (send again with `allergyAcknowledged: true`), `PRESCRIPTION_CHANGED` or `PRESCRIPTION_STOPPED`',
  );

/** A patient's prescriptions under /api/records/patients/{id}/prescriptions (HTTP only). */
export function prescriptionRoutes(
  app: FastifyInstance,
  { prescriptions, refusals }: { prescriptions: PrescriptionService; refusals: ClinicalRefusals },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['prescriptions'];

  typed.get(
    '/api/records/patients/:id/prescriptions',
    {
      schema: {
        tags,
        summary:
          'One of my patients\' prescriptions, newest first (`status=active`: the active medications); paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
        params: ZPatientParams,
        querystring: ZPrescriptionListQuery,
        response: { 200: z.array(ZPrescription), ...errors },
      },
    },
    async (request, reply) => {
      const page = await prescriptions.findPrescriptions({
        actor: await actorOf(request),
        patientId: request.params.id,
        ...request.query,
      });
      sendPageHeaders(request, reply, page);
      return page.items;
    },
  );

  typed.post(
    '/api/records/patients/:id/prescriptions',
    {
      schema: {
        tags,
        summary:
          'Prescribe for one of my patients; 409 `ALLERGY_WARNING` when the medication names an active allergy of the patient (whole words, any case) and `allergyAcknowledged` is not true',
        description:
          'An acknowledged warning is saved and recorded in the audit trail as one `acknowledge` event per allergy.',
        params: ZPatientParams,
        body: ZPrescriptionInput,
        response: { 201: ZPrescription, ...errors, 409: warningOrChanged },
      },
      onError: auditInvalidBody(refusals, 'prescription', 'create'),
    },
    async (request, reply) => {
      const prescription = await prescriptions.createPrescription({
        actor: await actorOf(request),
        patientId: request.params.id,
        input: request.body,
      });
      return reply.code(201).header('etag', etagOf(prescription)).send(prescription);
    },
  );

  typed.get(
    '/api/records/patients/:id/prescriptions/:prescriptionId',
    {
      schema: {
        tags,
        summary: 'One prescription of one of my patients, with its `ETag`',
        params: ZParams,
        response: { 200: ZPrescription, ...errors },
      },
    },
    async (request, reply) => {
      const prescription = await prescriptions.getPrescription({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.prescriptionId,
      });
      return reply.header('etag', etagOf(prescription)).send(prescription);
    },
  );

  typed.put(
    '/api/records/patients/:id/prescriptions/:prescriptionId',
    {
      schema: {
        tags,
        summary:
          'Replace a prescription that is not stopped; with `If-Match`, 409 `PRESCRIPTION_CHANGED` if it changed meanwhile; a changed medication meets the allergy warning again',
        params: ZParams,
        headers: ZIfMatch,
        body: ZPrescriptionInput,
        response: { 200: ZPrescription, ...errors, 409: warningOrChanged },
      },
      onError: auditInvalidBody(refusals, 'prescription', 'update'),
    },
    async (request, reply) => {
      const prescription = await prescriptions.updatePrescription({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.prescriptionId,
        input: request.body,
        ifMatch: request.headers['if-match'],
      });
      return reply.header('etag', etagOf(prescription)).send(prescription);
    },
  );

  typed.post(
    '/api/records/patients/:id/prescriptions/:prescriptionId/stop',
    {
      schema: {
        tags,
        summary:
          'Stop a prescription with its reason (a stopped one is answered unchanged); with `If-Match`, 409 `PRESCRIPTION_CHANGED` if it changed meanwhile',
        params: ZParams,
        headers: ZIfMatch,
        body: ZPrescriptionStop,
        response: { 200: ZPrescription, ...errors, 409: ZApiError },
      },
      onError: auditInvalidBody(refusals, 'prescription', 'stop'),
    },
    async (request, reply) => {
      const prescription = await prescriptions.stopPrescription({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.prescriptionId,
        input: request.body,
        ifMatch: request.headers['if-match'],
      });
      return reply.header('etag', etagOf(prescription)).send(prescription);
    },
  );

  typed.get(
    '/api/records/medications',
    {
      schema: {
        tags,
        summary:
          'Medication names from my own earlier prescriptions starting with `query` (any case), at most 10, alphabetical',
        querystring: ZMedicationQuery,
        response: { 200: ZMedicationSuggestions, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) =>
      prescriptions.suggestMedications({
        actor: await actorOf(request),
        query: request.query.query,
      }),
  );
}
