import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PATIENT_ACCESS_LIMITS,
  ZCreatedInvitation,
  ZCreatedLink,
  ZInvitationCode,
  ZInvitationInput,
  ZInvitationPreview,
  ZLinkInput,
  ZMyLinks,
  ZPatientAccess,
} from '@portal/shared/patient-access';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { createLimitHook } from '../../plugins/rate-limits.ts';
import { actorOf, ZPatientParams, ZRecordParams } from '../audit/owned-records.http.ts';
import type { Invitee, PatientAccessService } from './patient-access.service.ts';

const patientErrors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const invitationErrors = {
  400: ZApiError,
  401: ZApiError,
  404: ZApiError,
  409: ZApiError,
  410: ZApiError,
  429: ZApiError,
};

async function inviteeOf(request: FastifyRequest): Promise<Invitee> {
  const { email, isEmailVerified } = request.identity;
  return { ...(await actorOf(request)), email, isEmailVerified };
}

/** A person's access to a patient record: the practitioner's invitation, the person's links. */
export function patientAccessRoutes(
  app: FastifyInstance,
  { access }: { access: PatientAccessService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patient access'];
  const logMailError = (request: FastifyRequest) => (error: unknown) =>
    request.log.warn({ err: error }, 'patient access e-mail not sent');
  // Looking at a code and trying one share a budget: together they are how codes are guessed.
  const countCodeTry = createLimitHook(app, {
    max: PATIENT_ACCESS_LIMITS.triesPerMinute,
    keyOf: (request) => `patient-access-code:${request.identity.uid}`,
  });

  typed.post(
    '/api/records/patients/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Invite a person to link their account to this patient record',
        description: `Answers a one-time code (32 random bytes, base64url) and its \`/join/{code}\` link, valid ${PATIENT_ACCESS_LIMITS.invitationDays} days; only its SHA-256 hash is stored, so it is shown this once. A new invitation ends the patient’s open one. With an \`email\` (and e-mail configured) the link is e-mailed there, without clinical content. Someone else’s, a trashed or a missing patient: 404 \`PATIENT_NOT_FOUND\`. Audited.`,
        params: ZPatientParams,
        body: ZInvitationInput,
        response: { 201: ZCreatedInvitation, ...patientErrors },
      },
    },
    async (request, reply) => {
      const created = await access.createInvitation({
        actor: await actorOf(request),
        patientId: request.params.id,
        input: request.body,
        logMailError: logMailError(request),
      });
      return reply.code(201).send(created);
    },
  );

  typed.delete(
    '/api/records/patients/:id/access',
    {
      schema: {
        tags,
        summary: 'End every person’s access to this patient record',
        description:
          'Ends every live link and the open invitation: a linked person’s next request about the record is refused. Links are kept as ended, for the details’ history. Audited.',
        params: ZPatientParams,
        response: { 204: z.null().describe('Ended'), ...patientErrors },
      },
    },
    async (request, reply) => {
      await access.endAccess({ actor: await actorOf(request), patientId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  typed.get(
    '/api/records/patients/:id/access',
    {
      schema: {
        tags,
        summary: 'Who can see this patient record: the open invitation and every link',
        description: 'Links newest first, ended ones included. Audited (`read`).',
        params: ZPatientParams,
        response: { 200: ZPatientAccess, ...patientErrors },
      },
    },
    async (request) =>
      access.getAccess({ actor: await actorOf(request), patientId: request.params.id }),
  );

  typed.get(
    '/api/me/invitations/:code',
    {
      schema: {
        tags,
        summary: 'What an invitation offers, before accepting it',
        description: `Who invites and as what, until when, and whether the record’s date of birth will be asked for. Refused as accepting would be: unknown 404 \`INVITATION_NOT_FOUND\`, used or ended 409 \`INVITATION_USED\`, expired 410 \`INVITATION_EXPIRED\`. With \`POST /api/me/links\`, ${PATIENT_ACCESS_LIMITS.triesPerMinute} a minute per user, then 429. The code never reaches the request log.`,
        params: z.object({ code: ZInvitationCode }),
        response: { 200: ZInvitationPreview, ...invitationErrors },
      },
      config: { secretParams: { code: '[code]' } },
      onRequest: countCodeTry,
    },
    async (request) =>
      access.previewInvitation({ invitee: await inviteeOf(request), code: request.params.code }),
  );

  typed.post(
    '/api/me/links',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: link my account to the patient record',
        description: `The signed-in account’s verified e-mail must be the invitation’s, or \`birthDate\` must be the record’s date of birth; otherwise 403 \`INVITATION_NOT_FOR_YOU\`, and the ${PATIENT_ACCESS_LIMITS.failedTriesMax}th failure ends the invitation. Unknown 404 \`INVITATION_NOT_FOUND\`; used, ended (replaced, access ended, too many failures) or a record I am already linked to 409 \`INVITATION_USED\`; expired 410 \`INVITATION_EXPIRED\`. ${PATIENT_ACCESS_LIMITS.triesPerMinute} tries a minute per user (with the look-ups), then 429. Both sides get a short e-mail (no clinical content). Audited.`,
        body: ZLinkInput,
        response: { 201: ZCreatedLink, ...invitationErrors, 403: ZApiError },
      },
      onRequest: countCodeTry,
    },
    async (request, reply) => {
      const link = await access.acceptInvitation({
        invitee: await inviteeOf(request),
        code: request.body.code,
        birthDate: request.body.birthDate,
        logMailError: logMailError(request),
      });
      return reply.code(201).send(link);
    },
  );

  typed.get(
    '/api/me/links',
    {
      schema: {
        tags,
        summary: 'The patient records my account is linked to',
        description:
          'Live links only (not ended, record not in the trash), newest first. Audited (`list`).',
        response: { 200: ZMyLinks, 401: ZApiError },
      },
    },
    async (request) => access.listMyLinks({ actor: await actorOf(request) }),
  );

  typed.delete(
    '/api/me/links/:id',
    {
      schema: {
        tags,
        summary: 'Leave a patient record: end my link to it',
        description:
          'Someone else’s, an ended or a missing link: 404 `LINK_NOT_FOUND`. The practitioner’s details show it as ended. Audited.',
        params: ZRecordParams('link'),
        response: { 204: z.null().describe('Left'), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await access.leaveLink({ actor: await actorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
