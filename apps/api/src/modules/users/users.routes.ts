import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZProfileInput, ZScheduleInput } from '@portal/shared/profile';
import { ZUserResponse, type TUser } from '@portal/shared/user';
import type { UserRow } from '../../db/schema/users.ts';
import { ZApiError } from '../../lib/api-error-schema.ts';
import type { UserService } from './users.service.ts';

/** Far above what a person editing a form needs; stops scripted write loops. */
export const SAVES_PER_MINUTE = 30;

/**
 * The signed-in user's own account: `GET /api/user/profile` answers the user; its profile and
 * schedule are saved by `PUT /api/user/update-profile` and `PUT /api/user/schedule`.
 */
export function usersRoutes(app: FastifyInstance, { users }: { users: UserService }) {
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
    async (request) => ({ user: users.getUser({ user: await request.currentUser() }) }),
  );

  /**
   * A save of the signed-in user's own settings (`profile`, `schedule`), answering the user. Each
   * kind has its own rate limit, per account, not per address: many users can share one address
   * behind a clinic's NAT. The zod compilers are the app's; the body's type is `save`'s.
   */
  const saveRoute = <Body extends z.ZodType>(
    kind: string,
    path: string,
    { summary, body }: { summary: string; body: Body },
    save: (input: { user: UserRow; input: z.infer<Body> }) => Promise<TUser>,
  ) =>
    app.put(
      path,
      {
        schema: { tags: ['user'], summary, body, response: { 200: ZUserResponse, 400: ZApiError } },
        config: {
          rateLimit: {
            max: SAVES_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => `${kind}:${request.identity.uid}`,
          },
        },
      },
      async (request) => ({
        user: await save({
          user: await request.currentUser(),
          input: request.body as z.infer<Body>,
        }),
      }),
    );

  saveRoute(
    'profile',
    '/api/user/update-profile',
    {
      summary:
        "Replaces the signed-in user's profile: name, age, gender, address, phone, picture. The email must be the account's own; blank optional fields are stored as null",
      body: ZProfileInput,
    },
    (input) => users.updateProfile(input),
  );
  saveRoute(
    'schedule',
    '/api/user/schedule',
    {
      summary:
        "Changes the signed-in practitioner's schedule settings: IANA time zone, working hours per weekday, calendar reminder minutes, full names in the calendar feed. Absent fields are left unchanged",
      body: ZScheduleInput,
    },
    (input) => users.updateSchedule(input),
  );
}
