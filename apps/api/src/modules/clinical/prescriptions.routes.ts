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
  type TPrescriptionStop,
} from '@portal/shared/prescription';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import { patientResourceRoutes } from '../../patient-owned/patient-resource.routes.ts';
import type { PrescriptionService } from './prescriptions.service.ts';

/** The allergy warning, or (with If-Match) a version that has changed, or a stopped one. */
const warningOrChanged = z
  .union([ZAllergyWarning, ZApiError])
  .describe(
    '`ALLERGY_WARNING` with `allergies`, each with its `level` and `drugClass` (send again with `allergyAcknowledged: true`), `PRESCRIPTION_CHANGED`, `PRESCRIPTION_STOPPED` or `PRESCRIPTION_DISPENSED_LOCKED`',
  );

/**
 * A patient's prescriptions under /api/records/patients/{id}/prescriptions, with their stop
 * action, and the medication names of my own prescriptions (HTTP only).
 */
export function prescriptionRoutes(
  app: FastifyInstance,
  { prescriptions }: { prescriptions: PrescriptionService },
) {
  const { itemAction } = patientResourceRoutes(app, {
    kind: 'prescription',
    segment: 'prescriptions',
    item: ZPrescription,
    input: ZPrescriptionInput,
    listQuery: ZPrescriptionListQuery,
    staleAnswer: 'a changed record then answers 409',
    summaries: {
      list: 'One of my patients\' prescriptions, newest first (`status=active`: the active medications); paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
      create:
        "Prescribe for one of my patients; 409 `ALLERGY_WARNING` when the medication meets an active allergy of the patient and `allergyAcknowledged` is not true: of the allergy's drug class or the substance itself (`level: match`, e.g. amoxicillin for a penicillin allergy), of a cross-reactive class (`level: caution`, e.g. a cephalosporin for a penicillin allergy), or naming the substance's words (`match`, `drugClass` null); the drug classes are a curated table of WHO ATC groups, not a complete drug database",
      read: 'One prescription of one of my patients, with its `ETag`',
      update:
        'Replace a prescription that is not stopped; with `If-Match`, 409 `PRESCRIPTION_CHANGED` if it changed meanwhile; a changed medication meets the allergy warning again. A dispensed prescription is the record of what a pharmacy handed out: a replacement that changes its medication, strength, dose, route, frequency, duration, end date or instructions is 409 `PRESCRIPTION_DISPENSED_LOCKED` and changes nothing (write a new prescription instead); one that changes only its `status` (active or completed) is saved',
    },
    createDescription:
      'An acknowledged warning is saved and recorded in the audit trail as one `acknowledge` event per allergy.',
    conflicts: { create: { 409: warningOrChanged }, update: { 409: warningOrChanged } },
    service: prescriptions,
  });

  itemAction({
    verb: 'stop',
    summary:
      'Stop a prescription with its reason (a stopped one is answered unchanged); with `If-Match`, 409 `PRESCRIPTION_CHANGED` if it changed meanwhile. A dispensed prescription may still be stopped: the patient must be told to stop taking what they were given (a reaction, an interaction), and its dispensing stays recorded beside the stop',
    body: ZPrescriptionStop,
    audit: 'stop',
    isVersioned: true,
    status: 200,
    conflicts: { 409: ZApiError },
    run: ({ body, ...place }) =>
      prescriptions.stopPrescription({ ...place, input: body as TPrescriptionStop }),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/records/medications',
    {
      schema: {
        tags: ['prescriptions'],
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
