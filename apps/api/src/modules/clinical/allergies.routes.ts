import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAllergy, ZAllergyInput, ZAllergyListQuery } from '@portal/shared/allergy';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { etagOf } from '../../lib/etag.ts';
import { sendPageHeaders } from '../../lib/paging.ts';
import type { AllergyService } from './allergies.service.ts';
import {
  actorOf,
  auditInvalidBody,
  clinicalErrors as errors,
  ZIfMatch,
  ZItemId,
  ZPatientParams,
} from './clinical.http.ts';
import type { ClinicalRefusals } from './clinical.refusals.ts';

const ZParams = ZPatientParams.extend({ allergyId: ZItemId('allergy') });

/** A patient's allergies under /api/records/patients/{id}/allergies (HTTP only). */
export function allergyRoutes(
  app: FastifyInstance,
  { allergies, refusals }: { allergies: AllergyService; refusals: ClinicalRefusals },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['allergies'];

  typed.get(
    '/api/records/patients/:id/allergies',
    {
      schema: {
        tags,
        summary:
          'One of my patients\' allergies, newest first; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
        params: ZPatientParams,
        querystring: ZAllergyListQuery,
        response: { 200: z.array(ZAllergy), ...errors },
      },
    },
    async (request, reply) => {
      const page = await allergies.findAllergies({
        actor: await actorOf(request),
        patientId: request.params.id,
        ...request.query,
      });
      sendPageHeaders(request, reply, page);
      return page.items;
    },
  );

  typed.post(
    '/api/records/patients/:id/allergies',
    {
      schema: {
        tags,
        summary: 'Record an allergy of one of my patients; an active one warns on prescribing',
        params: ZPatientParams,
        body: ZAllergyInput,
        response: { 201: ZAllergy, ...errors },
      },
      onError: auditInvalidBody(refusals, 'allergy', 'create'),
    },
    async (request, reply) => {
      const allergy = await allergies.createAllergy({
        actor: await actorOf(request),
        patientId: request.params.id,
        input: request.body,
      });
      return reply.code(201).header('etag', etagOf(allergy)).send(allergy);
    },
  );

  typed.get(
    '/api/records/patients/:id/allergies/:allergyId',
    {
      schema: {
        tags,
        summary: 'One allergy of one of my patients, with its `ETag`',
        params: ZParams,
        response: { 200: ZAllergy, ...errors },
      },
    },
    async (request, reply) => {
      const allergy = await allergies.getAllergy({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.allergyId,
      });
      return reply.header('etag', etagOf(allergy)).send(allergy);
    },
  );

  typed.put(
    '/api/records/patients/:id/allergies/:allergyId',
    {
      schema: {
        tags,
        summary:
          'Replace an allergy (e.g. mark it resolved); with `If-Match`, 409 `ALLERGY_CHANGED` if it changed meanwhile',
        params: ZParams,
        headers: ZIfMatch,
        body: ZAllergyInput,
        response: { 200: ZAllergy, ...errors, 409: ZApiError },
      },
      onError: auditInvalidBody(refusals, 'allergy', 'update'),
    },
    async (request, reply) => {
      const allergy = await allergies.updateAllergy({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.allergyId,
        input: request.body,
        ifMatch: request.headers['if-match'],
      });
      return reply.header('etag', etagOf(allergy)).send(allergy);
    },
  );
}
