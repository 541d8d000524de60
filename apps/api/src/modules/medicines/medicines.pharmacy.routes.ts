import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZPatientPharmacy,
  ZPharmacyListQuery,
  ZPharmacyPrescription,
  ZRefillCount,
  ZRefillDecline,
  ZRefillListQuery,
  ZRefillRequest,
  ZRefillRequestInput,
  ZSendToPharmacy,
} from '@portal/shared/medicines';
import { ZMyPrescription, ZPatientParams as ZMyPatientParams } from '@portal/shared/my-health';
import { ZAllergyWarning, ZPrescription, ZPrescriptionInput } from '@portal/shared/prescription';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { sendPage } from '../../lib/paging.ts';
import { actorOf, ZItemId, ZPatientParams } from '../audit/owned-records.http.ts';
import { LINK_GATE, LINK_GATE_ERRORS } from '../my-health/my-health.openapi.ts';
import type { MedicinesService } from './medicines.service.ts';

const tags = ['medicines'];
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const PRIVATE = 'Never cached (`Cache-Control: no-store`); audited.';

/**
 * Refill requests (the linked person's and the practitioner's routes), sending a prescription
 * to a pharmacy, and the pharmacy's own routes (HTTP only).
 */
export function medicinesRoutes(
  app: FastifyInstance,
  { medicines }: { medicines: MedicinesService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const myPrescription = ZMyPatientParams.extend({ id: ZItemId('prescription') });
  const practitionerPrescription = ZPatientParams.extend({
    prescriptionId: ZItemId('prescription'),
  });
  const practitionerRequest = ZPatientParams.extend({ requestId: ZItemId('refill request') });

  typed.post(
    '/api/me/patients/:patientId/prescriptions/:id/refill-requests',
    {
      schema: {
        tags,
        summary: 'Ask for a refill of an active or completed prescription',
        description: `${LINK_GATE} A stopped prescription: 409 \`REFILL_NOT_ALLOWED\`; one open request per prescription, a second: 409 \`REFILL_ALREADY_OPEN\`. Unknown prescription: 404 \`PRESCRIPTION_NOT_FOUND\`.`,
        params: myPrescription,
        body: ZRefillRequestInput,
        response: { 201: ZRefillRequest, ...LINK_GATE_ERRORS, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const made = await medicines.requestRefill({
        actor: await actorOf(request),
        patientId: request.params.patientId,
        id: request.params.id,
        input: request.body,
      });
      return reply.code(201).send(made);
    },
  );

  typed.get(
    '/api/me/patients/:patientId/refill-requests',
    {
      schema: {
        tags,
        summary: "The patient's refill requests and their answers, newest first",
        description: `${LINK_GATE} Paged by \`Link: <…>; rel="next"\`, with \`X-Total-Count\`.`,
        params: ZMyPatientParams,
        querystring: ZRefillListQuery,
        response: { 200: z.array(ZRefillRequest), ...LINK_GATE_ERRORS },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await medicines.listMyRefills({
          actor: await actorOf(request),
          patientId: request.params.patientId,
          query: request.query,
        }),
      ),
  );

  typed.post(
    '/api/me/patients/:patientId/prescriptions/:id/pharmacy',
    {
      schema: {
        tags,
        summary: 'Send an active prescription to an approved pharmacy',
        description: `${LINK_GATE} \`facilityId\`: an approved facility of kind pharmacy (else 404 \`PHARMACY_NOT_FOUND\`); the pharmacy then sees it in its list. Only an active prescription not dispensed yet: else 409 \`PRESCRIPTION_NOT_ACTIVE\`. Sending again sends it to the new choice instead. Payment happens at the pharmacy.`,
        params: myPrescription,
        body: ZSendToPharmacy,
        response: { 200: ZMyPrescription, ...LINK_GATE_ERRORS, 409: ZApiError },
      },
    },
    async (request) =>
      medicines.sendMine({
        actor: await actorOf(request),
        patientId: request.params.patientId,
        id: request.params.id,
        input: request.body,
      }),
  );

  typed.get(
    '/api/records/patients/:id/pharmacy',
    {
      schema: {
        tags,
        summary: 'The pharmacy my patient chose, to send their prescriptions to',
        description: `The approved pharmacy the patient's prescriptions were last sent to (by the patient from Buy Medicine, or by me to their choice), and when; \`pharmacy: null\` until one was sent. Not a stored preference: it follows the patient's latest choice (decision 0035). Someone else's patient: 404 \`PATIENT_NOT_FOUND\`. ${PRIVATE}`,
        params: ZPatientParams,
        response: { 200: ZPatientPharmacy, ...errors },
      },
    },
    async (request) =>
      medicines.chosenPharmacy({ actor: await actorOf(request), patientId: request.params.id }),
  );

  typed.post(
    '/api/records/patients/:id/prescriptions/:prescriptionId/pharmacy',
    {
      schema: {
        tags,
        summary: "Send my patient's active prescription to the pharmacy the patient chose",
        description: `The patient's choice is \`GET /api/records/patients/{id}/pharmacy\`. As the patient's own route: an approved pharmacy (else 404 \`PHARMACY_NOT_FOUND\`), an active prescription not dispensed (else 409 \`PRESCRIPTION_NOT_ACTIVE\`). Someone else's patient or prescription: 404. ${PRIVATE}`,
        params: practitionerPrescription,
        body: ZSendToPharmacy,
        response: { 200: ZPrescription, ...errors, 409: ZApiError },
      },
    },
    async (request) =>
      medicines.sendForPatient({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.prescriptionId,
        input: request.body,
      }),
  );

  typed.get(
    '/api/records/patients/:id/refill-requests',
    {
      schema: {
        tags,
        summary: "One of my patients' refill requests, newest first",
        description: `\`status=open\`: those waiting for an answer. Paged by \`Link: <…>; rel="next"\`, with \`X-Total-Count\`. ${PRIVATE}`,
        params: ZPatientParams,
        querystring: ZRefillListQuery,
        response: { 200: z.array(ZRefillRequest), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await medicines.listRefills({
          actor: await actorOf(request),
          patientId: request.params.id,
          query: request.query,
        }),
      ),
  );

  typed.get(
    '/api/records/refill-requests/count',
    {
      schema: {
        tags,
        summary: 'How many refill requests wait for my answer, over all my patients (the menu)',
        description: PRIVATE,
        response: { 200: ZRefillCount, 401: ZApiError },
      },
    },
    async (request) => medicines.countOpenRefills({ actor: await actorOf(request) }),
  );

  typed.post(
    '/api/records/patients/:id/refill-requests/:requestId/approve',
    {
      schema: {
        tags,
        summary: 'Approve a refill request with the new prescription',
        description: `The body is a new prescription's (start from the old one): it is written like any prescription, so 409 \`ALLERGY_WARNING\` when it meets an active allergy and \`allergyAcknowledged\` is not true. Answers 201 with the new prescription; the request is then approved and names it, and the person who asked is e-mailed a notice (no medicine named). An answered request: 409 \`REFILL_ALREADY_ANSWERED\`. ${PRIVATE}`,
        params: practitionerRequest,
        body: ZPrescriptionInput,
        response: {
          201: ZPrescription,
          ...errors,
          409: z.union([ZAllergyWarning, ZApiError]),
        },
      },
    },
    async (request, reply) => {
      const written = await medicines.approveRefill({
        actor: await actorOf(request),
        patientId: request.params.id,
        requestId: request.params.requestId,
        input: request.body,
      });
      return reply.code(201).send(written);
    },
  );

  typed.post(
    '/api/records/patients/:id/refill-requests/:requestId/decline',
    {
      schema: {
        tags,
        summary: 'Decline a refill request with a message for the person who asked',
        description: `The message is shown in My health, not e-mailed: the e-mail only says the request was answered. An answered request: 409 \`REFILL_ALREADY_ANSWERED\`. ${PRIVATE}`,
        params: practitionerRequest,
        body: ZRefillDecline,
        response: { 200: ZRefillRequest, ...errors, 409: ZApiError },
      },
    },
    async (request) =>
      medicines.declineRefill({
        actor: await actorOf(request),
        patientId: request.params.id,
        requestId: request.params.requestId,
        input: request.body,
      }),
  );

  const PHARMACY =
    'For the owner or accepted staff of an approved facility of kind pharmacy, about prescriptions sent to it only: anything else is 404.';

  typed.get(
    '/api/pharmacy/prescriptions',
    {
      schema: {
        tags,
        summary: 'The prescriptions sent to one of my pharmacies, newest sent first',
        description: `${PHARMACY} \`facilityId\` not one of mine: 404 \`PHARMACY_NOT_FOUND\`. Each has what the verification page shows, the instructions to label it with, and the patient's full name to hand it over (decision 0034). Paged by \`Link: <…>; rel="next"\`, with \`X-Total-Count\`. ${PRIVATE}`,
        querystring: ZPharmacyListQuery,
        response: { 200: z.array(ZPharmacyPrescription), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await medicines.listForPharmacy({ actor: await actorOf(request), query: request.query }),
      ),
  );

  const pharmacyItem = z.object({ id: ZItemId('prescription') });

  typed.post(
    '/api/pharmacy/prescriptions/:id/ready',
    {
      schema: {
        tags,
        summary: 'Mark a prescription sent to my pharmacy ready for pickup',
        description: `${PHARMACY} The people linked to the patient are e-mailed "ready for pickup" with the pharmacy's name (never the medicine). Dispensed already: 409 \`PRESCRIPTION_ALREADY_DISPENSED\`. ${PRIVATE}`,
        params: pharmacyItem,
        response: { 200: ZPharmacyPrescription, ...errors, 409: ZApiError },
      },
    },
    async (request) =>
      medicines.markReady({ actor: await actorOf(request), id: request.params.id }),
  );

  typed.post(
    '/api/pharmacy/prescriptions/:id/dispensed',
    {
      schema: {
        tags,
        summary: 'Mark a prescription sent to my pharmacy dispensed',
        description: `${PHARMACY} Once only, as by its token: a second time 409 \`PRESCRIPTION_ALREADY_DISPENSED\`; stopped or expired 409 \`PRESCRIPTION_NOT_DISPENSABLE\`. ${PRIVATE}`,
        params: pharmacyItem,
        response: { 200: ZPharmacyPrescription, ...errors, 409: ZApiError },
      },
    },
    async (request) =>
      medicines.markDispensed({ actor: await actorOf(request), id: request.params.id }),
  );
}
