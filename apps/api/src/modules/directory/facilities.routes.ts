import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DIRECTORY_LIMITS,
  ZCreatedStaffInvitation,
  ZFacility,
  ZFacilityInput,
  ZStaffAcceptInput,
  ZStaffInput,
  ZStaffMember,
  ZStaffMembership,
} from '@portal/shared/directory';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf, ZItemId, ZRecordParams } from '../audit/owned-records.http.ts';
import type { FacilityService } from './facilities.service.ts';
import type { StaffService } from './staff.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const ZFacilityParams = ZRecordParams('facility');
const PENDING_AGAIN =
  'A facility is `pending` until a directory reviewer approves it, and only then public; a save that changes any of its fields makes an approved or rejected facility `pending` again.';
/** Far above what a person editing a form needs; stops scripted write loops. */
const SAVES_PER_MINUTE = 30;
const perUser = {
  rateLimit: {
    max: SAVES_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `facility-save:${request.identity.uid}`,
  },
};

/** Facilities their owner keeps, and their staff. */
export function facilitiesRoutes(
  app: FastifyInstance,
  { facilities, staff }: { facilities: FacilityService; staff: StaffService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['facilities'];

  typed.post(
    '/api/facilities',
    {
      schema: {
        tags,
        summary: 'Add a facility (clinic, hospital or pharmacy) that I own',
        description: `${PENDING_AGAIN} The phone is read as dialled in the facility’s country and stored in E.164. Audited.`,
        body: ZFacilityInput,
        response: { 201: ZFacility, 400: ZApiError, 401: ZApiError },
      },
      config: perUser,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await facilities.createFacility({ actor: await actorOf(request), data: request.body }),
        ),
  );

  typed.get(
    '/api/facilities',
    {
      schema: {
        tags,
        summary: 'The facilities I own and those I am accepted staff of',
        description: 'Newest first; `role` says which. Audited (`list`).',
        response: { 200: z.object({ items: z.array(ZFacility) }), 401: ZApiError },
      },
    },
    async (request) => facilities.listFacilities({ actor: await actorOf(request) }),
  );

  typed.get(
    '/api/facilities/:id',
    {
      schema: {
        tags,
        summary: 'One of my facilities, with where its review stands',
        description:
          'Only its owner’s: anyone else’s or a missing one is 404 `FACILITY_NOT_FOUND`. Audited.',
        params: ZFacilityParams,
        response: { 200: ZFacility, ...errors },
      },
    },
    async (request) =>
      facilities.getFacility({ actor: await actorOf(request), id: request.params.id }),
  );

  typed.put(
    '/api/facilities/:id',
    {
      schema: {
        tags,
        summary: 'Replace one of my facilities',
        description: `${PENDING_AGAIN} Only its owner’s: anyone else’s or a missing one is 404 \`FACILITY_NOT_FOUND\`. Audited.`,
        params: ZFacilityParams,
        body: ZFacilityInput,
        response: { 200: ZFacility, ...errors },
      },
      config: perUser,
    },
    async (request) =>
      facilities.updateFacility({
        actor: await actorOf(request),
        id: request.params.id,
        data: request.body,
      }),
  );

  typed.delete(
    '/api/facilities/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my facilities',
        description:
          'Its staff go with it, and listings that named it show their practice instead. Only its owner’s: anyone else’s or a missing one is 404 `FACILITY_NOT_FOUND`. Audited.',
        params: ZFacilityParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await facilities.deleteFacility({ actor: await actorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  typed.post(
    '/api/facilities/:id/staff',
    {
      schema: {
        tags,
        summary: 'Invite a staff member of my facility by e-mail',
        description: `Answers a one-time code (shown once; only its SHA-256 is stored) and its \`/join-facility/{code}\` link, valid ${DIRECTORY_LIMITS.invitationDays} days, and e-mails the link when the portal sends e-mail. The invited person accepts with \`POST /api/me/facility-staff\`, signed in with that verified address; then their listing may name the facility. Owner only: 404 \`FACILITY_NOT_FOUND\` otherwise. Audited.`,
        params: ZFacilityParams,
        body: ZStaffInput,
        response: { 201: ZCreatedStaffInvitation, ...errors },
      },
      config: perUser,
    },
    async (request, reply) => {
      const created = await staff.inviteStaff({
        actor: await actorOf(request),
        facilityId: request.params.id,
        email: request.body.email,
        logMailError: (error) =>
          request.log.warn({ err: error }, 'staff invitation e-mail not sent'),
      });
      return reply.code(201).send(created);
    },
  );

  typed.get(
    '/api/facilities/:id/staff',
    {
      schema: {
        tags,
        summary: 'The staff of my facility: invited, active and expired',
        description:
          'Oldest first. Owner only: 404 `FACILITY_NOT_FOUND` otherwise. Audited (`list`).',
        params: ZFacilityParams,
        response: { 200: z.object({ items: z.array(ZStaffMember) }), ...errors },
      },
    },
    async (request) =>
      staff.listStaff({ actor: await actorOf(request), facilityId: request.params.id }),
  );

  typed.delete(
    '/api/facilities/:id/staff/:staffId',
    {
      schema: {
        tags,
        summary: 'Remove a staff member or withdraw an invitation',
        description:
          'A removed member’s listing stops naming the facility. Owner only: 404 `FACILITY_NOT_FOUND`; an unknown member of it: 404 `STAFF_NOT_FOUND`. Audited.',
        params: z.object({ id: ZItemId('facility'), staffId: ZItemId('staff member') }),
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await staff.removeStaff({
        actor: await actorOf(request),
        facilityId: request.params.id,
        id: request.params.staffId,
      });
      return reply.code(204).send(null);
    },
  );

  typed.post(
    '/api/me/facility-staff',
    {
      schema: {
        tags,
        summary: 'Accept a staff invitation: join the facility’s staff',
        description:
          'For the invited person, signed in: the account’s verified e-mail must be the invitation’s, else 403 `STAFF_INVITATION_NOT_FOR_YOU`. Unknown 404 `STAFF_INVITATION_NOT_FOUND`; used, or already the facility’s owner or staff, 409 `STAFF_INVITATION_USED`; expired 410 `STAFF_INVITATION_EXPIRED`. Ten tries a minute per user, then 429. Audited.',
        body: ZStaffAcceptInput,
        response: {
          201: ZStaffMembership,
          ...errors,
          403: ZApiError,
          409: ZApiError,
          410: ZApiError,
          429: ZApiError,
        },
      },
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `facility-staff-code:${request.identity.uid}`,
        },
      },
    },
    async (request, reply) => {
      const { email, isEmailVerified } = request.identity;
      const membership = await staff.acceptInvitation({
        invitee: { ...(await actorOf(request)), email, isEmailVerified },
        code: request.body.code,
      });
      return reply.code(201).send(membership);
    },
  );
}
