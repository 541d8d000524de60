import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZProfileInput, ZScheduleInput } from '@portal/shared/profile';
import { ZUserResponse } from '@portal/shared/user';
import type { Db } from '../../db/client.ts';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { createUserService } from './users.service.ts';

/** Far above what a person editing a form needs; stops scripted write loops. */
export const SAVES_PER_MINUTE = 30;

/** The signed-in user's own profile (SPEC.md §7: GET /user/profile, PUT /user/update-profile). */
export async function usersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const users = createUserService({ db });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/user/profile',
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's profile",
        response: { 200: ZUserResponse },
      },
    },
    async (request) => ({ user: users.getProfile({ user: await request.currentUser() }) }),
  );

  typed.put(
    '/api/user/update-profile',
    {
      schema: {
        tags: ['user'],
        summary:
          "Replaces the signed-in user's profile: name, age, gender, address, phone, picture. The email must be the account's own; blank optional fields are stored as null",
        body: ZProfileInput,
        response: { 200: ZUserResponse, 400: ZApiError },
      },
      // Per account, not per address: many users can share one address behind a clinic's NAT.
      config: {
        rateLimit: {
          max: SAVES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `profile:${request.identity.uid}`,
        },
      },
    },
    async (request) => ({
      user: await users.updateProfile({ user: await request.currentUser(), input: request.body }),
    }),
  );

  typed.put(
    '/api/user/schedule',
    {
      schema: {
        tags: ['user'],
        summary:
          "Changes the signed-in practitioner's schedule settings: IANA time zone, working hours per weekday, calendar reminder minutes, full names in the calendar feed. Absent fields are left unchanged",
        body: ZScheduleInput,
        response: { 200: ZUserResponse, 400: ZApiError },
      },
      config: {
        rateLimit: {
          max: SAVES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `schedule:${request.identity.uid}`,
        },
      },
    },
    async (request) => ({
      user: await users.updateSchedule({ user: await request.currentUser(), input: request.body }),
    }),
  );
}
