import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PATIENT_PHONE_PATHS,
  ZPatient,
  ZPatientCreated,
  ZPatientInput,
  ZPatientListQuery,
} from '@portal/shared/patient';
import type { Db } from '../../db/client.ts';
import { readPhonesInPracticeRegion } from '../../http/phones-in-practice-region.ts';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { sendPage } from '../../lib/paging.ts';
import { plainJsonSerializer } from '../../lib/plain-json-serializer.ts';
import {
  actorOf,
  auditInvalidBody,
  ownedRecordErrors as errors,
  ZIfMatch,
  recordReadReplaceRoutes,
  ZPatientParams,
} from '../audit/owned-records.http.ts';
import { etagOf, type PatientService } from './patients.service.ts';

const ifMatch = ZIfMatch('a changed patient then answers 409', 'edited');

/** Patient CRUD, trash and search under /api/records/patients (HTTP only). */
export function patientRoutes(
  app: FastifyInstance,
  { patients, db }: { patients: PatientService; db: Db },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];
  const readPhones = readPhonesInPracticeRegion(db, PATIENT_PHONE_PATHS);

  typed.post(
    '/api/records/patients',
    {
      schema: {
        tags,
        summary:
          'Create a patient; `warnings` flags a probable duplicate (same name and phone). A phone without + is read as dialled in my practice country',
        body: ZPatientInput,
        response: { 201: ZPatientCreated, ...errors },
      },
      serializerCompiler: plainJsonSerializer,
      preValidation: readPhones,
      onError: auditInvalidBody(patients.recordInvalidAttempt, { id: 'id' }, 'create'),
    },
    async (request, reply) => {
      const { patient, warnings } = await patients.createPatient({
        actor: await actorOf(request),
        input: request.body,
      });
      return reply
        .code(201)
        .header('etag', etagOf(patient))
        .send({ ...patient, warnings });
    },
  );

  typed.get(
    '/api/records/patients',
    {
      schema: {
        tags,
        summary:
          'My patients, newest first; `?q=` searches name, diagnosis, phone and e-mail; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
        querystring: ZPatientListQuery,
        response: { 200: z.array(ZPatient), ...errors },
      },
      serializerCompiler: plainJsonSerializer,
    },
    async (request, reply) => {
      const page = await patients.findPatients({ actor: await actorOf(request), ...request.query });
      return sendPage(request, reply, page);
    },
  );

  recordReadReplaceRoutes(app, {
    path: '/api/records/patients/:id',
    tags,
    params: ZPatientParams,
    item: ZPatient,
    input: ZPatientInput,
    ifMatch,
    summaries: {
      read: 'One of my patients, with its `ETag`',
      replace: 'Replace one of my patients; with `If-Match`, 409 if it changed meanwhile',
    },
    conflict: ZApiError,
    options: { serializerCompiler: plainJsonSerializer, preValidation: readPhones },
    recordInvalidAttempt: patients.recordInvalidAttempt,
    read: (place) => patients.getPatient(place),
    replace: (change) => patients.updatePatient(change),
  });

  typed.delete(
    '/api/records/patients/:id',
    {
      schema: {
        tags,
        summary: 'Move one of my patients to the trash (restorable for 30 days)',
        params: ZPatientParams,
        response: { 204: z.null().describe('Moved to the trash'), ...errors },
      },
    },
    async (request, reply) => {
      await patients.deletePatient({ actor: await actorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  typed.post(
    '/api/records/patients/:id/restore',
    {
      schema: {
        tags,
        summary: 'Bring one of my patients back from the trash',
        params: ZPatientParams,
        response: { 200: ZPatient, ...errors },
      },
      serializerCompiler: plainJsonSerializer,
    },
    async (request, reply) => {
      const patient = await patients.restorePatient({
        actor: await actorOf(request),
        id: request.params.id,
      });
      return reply.header('etag', etagOf(patient)).send(patient);
    },
  );
}
