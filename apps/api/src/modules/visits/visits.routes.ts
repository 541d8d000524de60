import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAddendumInput,
  ZVisit,
  ZVisitInput,
  ZVisitListQuery,
  ZVisitSharingInput,
} from '@portal/shared/visit';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf, auditInvalidBody, ZItemId, ZPatientParams } from '../audit/owned-records.http.ts';
import { patientResourceRoutes } from '../../patient-owned/patient-resource.routes.ts';
import type { VisitService } from './visits.service.ts';

const signed = ZApiError.describe('`VISIT_SIGNED`: a signed visit takes addenda only');
const changed = ZApiError.describe(
  '`VISIT_CHANGED`: the `If-Match` version is not the current one',
);
const closing = ZApiError.describe(
  '`VISIT_SIGNED`, or `APPOINTMENT_NOT_OPEN`: the appointment to close was cancelled or missed',
);

/**
 * A patient's visits under /api/records/patients/{id}/visits, with signing and addenda (HTTP
 * only). A stale `If-Match` is a 412 here (a 409 is the signed state).
 */
export function visitRoutes(app: FastifyInstance, { visits }: { visits: VisitService }) {
  const { itemAction } = patientResourceRoutes(app, {
    kind: 'visit',
    segment: 'visits',
    item: ZVisit,
    input: ZVisitInput,
    listQuery: ZVisitListQuery,
    staleAnswer: 'a changed visit then answers 412',
    summaries: {
      list: 'The patient\'s visits, newest first, with their addenda; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
      create:
        'Record a visit: SOAP notes and vital signs (BMI is computed); with `appointmentId`, that appointment of the patient is marked fulfilled',
      read: 'One visit of the patient, with its addenda and its `ETag`',
      update:
        'Replace an unsigned visit; 409 `VISIT_SIGNED` once signed (add an addendum instead); with `If-Match`, 412 `VISIT_CHANGED` if it changed meanwhile',
    },
    conflicts: {
      create: {
        409: ZApiError.describe('`APPOINTMENT_NOT_OPEN`: the appointment was cancelled or missed'),
      },
      update: { 409: closing, 412: changed },
    },
    service: visits,
  });

  itemAction({
    verb: 'sign',
    summary:
      'Sign a visit: from then on it is never changed, only corrected by addenda; 409 `VISIT_SIGNED` if it already is; with `If-Match`, 412 `VISIT_CHANGED` if it changed meanwhile',
    audit: 'sign',
    isVersioned: true,
    status: 200,
    conflicts: { 409: signed, 412: changed },
    run: ({ body: _none, ...place }) => visits.signVisit(place),
  });

  itemAction({
    verb: 'addenda',
    summary:
      'Add an addendum (a correction or addition, with its author and time) to a signed visit; 409 `VISIT_NOT_SIGNED` while it is a draft. Answers the whole visit',
    body: ZAddendumInput,
    audit: 'addendum',
    isVersioned: false,
    status: 201,
    conflicts: {
      409: ZApiError.describe('`VISIT_NOT_SIGNED`: a draft is edited, not amended'),
    },
    run: ({ body, ifMatch: _ignored, ...place }) =>
      visits.addAddendum({ ...place, text: (body as { text: string }).text }),
  });

  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/records/patients/:id/visits/:visitId/sharing',
    {
      schema: {
        tags: ['visits'],
        summary:
          "Whether the visit's notes and addenda reach a patient linked to the record (`/api/me/patients/{patientId}/visits`): `default` shares notes signed after the link was made, `shared` shares them whenever signed, `private` never; the visit's vitals and reason are shown either way, a draft never. Audited as an update of the visit. Answers the whole visit",
        params: ZPatientParams.extend({ visitId: ZItemId('visit') }),
        body: ZVisitSharingInput,
        response: {
          200: ZVisit,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError.describe('`PATIENT_NOT_FOUND` or `VISIT_NOT_FOUND`'),
        },
      },
      onError: auditInvalidBody(
        visits.recordInvalidAttempt,
        { id: 'visitId', patientId: 'id' },
        'update',
      ),
    },
    async (request) =>
      visits.setPatientSharing({
        actor: await actorOf(request),
        patientId: request.params.id,
        id: request.params.visitId,
        sharing: request.body.sharing,
      }),
  );
}
