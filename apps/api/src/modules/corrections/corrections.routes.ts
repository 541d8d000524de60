import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCorrection,
  ZCorrectionAcceptBody,
  ZCorrectionDeclineBody,
  ZCorrectionParams,
} from '@portal/shared/correction';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf, ZPatientParams } from '../audit/owned-records.http.ts';
import type { CorrectionService } from './corrections.service.ts';

const TAGS = ['corrections'];
const OWNER =
  "Only the patient's practitioner: another's patient, one in the trash or an unknown id is 404 `PATIENT_NOT_FOUND`. Never cached (`Cache-Control: no-store`); every read, answer and refusal is audited. The record itself is not changed here: the practitioner edits it through its own routes and says what was changed.";

type AnswerAction = 'accept_correction' | 'decline_correction';

/** The practitioner's side of correction requests, under `/api/records/patients/{id}` (HTTP only). */
export function correctionRoutes(
  app: FastifyInstance,
  { corrections }: { corrections: CorrectionService },
) {
  const zod = app.withTypeProvider<ZodTypeProvider>();
  const logMailError = (request: FastifyRequest) => (error: unknown) =>
    request.log.warn({ err: error }, 'correction e-mail not sent');
  const auditInvalid =
    (action: AnswerAction) =>
    async (request: FastifyRequest, _reply: unknown, error: FastifyError) => {
      if (error.code !== 'FST_ERR_VALIDATION' || error.validationContext !== 'body') return;
      const params = (request.params ?? {}) as { id?: string; correctionId?: string };
      try {
        await corrections.recordInvalidAttempt({
          actor: await actorOf(request),
          action,
          patientId: params.id,
          correctionId: params.correctionId,
        });
      } catch (auditError) {
        request.log.error({ err: auditError }, 'audit of an invalid attempt failed');
      }
    };

  zod.get(
    '/api/records/patients/:id/corrections',
    {
      schema: {
        tags: TAGS,
        summary:
          'The correction requests people linked to the patient made: open ones first, then newest first, each with who asked, what it points at and the answer (at most 500)',
        description: OWNER,
        params: ZPatientParams,
        response: {
          200: z.object({ items: z.array(ZCorrection) }),
          401: ZApiError,
          404: ZApiError.describe('`PATIENT_NOT_FOUND`'),
        },
      },
    },
    async (request) =>
      corrections.findCorrections({
        actor: await actorOf(request),
        patientId: request.params.id,
      }),
  );

  const answerErrors = {
    400: ZApiError,
    401: ZApiError,
    404: ZApiError.describe('`PATIENT_NOT_FOUND` or `CORRECTION_NOT_FOUND`'),
    409: ZApiError.describe(
      '`CORRECTION_ALREADY_ANSWERED`: accepted or declined before (of two answers at once, the second)',
    ),
  };

  zod.post(
    '/api/records/patients/:id/corrections/:correctionId/accept',
    {
      schema: {
        tags: TAGS,
        summary:
          'Accept an open correction request, saying in `answer` what was changed in the record (optional); the person who asked is e-mailed that it was answered (no content). Answers the request',
        description: OWNER,
        params: ZCorrectionParams,
        body: ZCorrectionAcceptBody,
        response: { 200: ZCorrection, ...answerErrors },
      },
      onError: auditInvalid('accept_correction'),
    },
    async (request) =>
      corrections.acceptCorrection({
        actor: await actorOf(request),
        patientId: request.params.id,
        correctionId: request.params.correctionId,
        answer: request.body.answer,
        logMailError: logMailError(request),
      }),
  );

  zod.post(
    '/api/records/patients/:id/corrections/:correctionId/decline',
    {
      schema: {
        tags: TAGS,
        summary:
          'Decline an open correction request with a `reason` (required), which the person who asked reads; they are e-mailed that it was answered (no content). Answers the request',
        description: OWNER,
        params: ZCorrectionParams,
        body: ZCorrectionDeclineBody,
        response: { 200: ZCorrection, ...answerErrors },
      },
      onError: auditInvalid('decline_correction'),
    },
    async (request) =>
      corrections.declineCorrection({
        actor: await actorOf(request),
        patientId: request.params.id,
        correctionId: request.params.correctionId,
        reason: request.body.reason,
        logMailError: logMailError(request),
      }),
  );
}
