import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZPracticeInput } from '@portal/shared/practice';
import { PROFILE_PHONE_PATHS, ZProfileInput, ZScheduleInput } from '@portal/shared/profile';
import { ZUserResponse } from '@portal/shared/user';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { readPhonesInPracticeRegion } from '../../http/phones-in-practice-region.ts';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { isDirectoryReviewer } from '../../lib/directory-reviewers.ts';
import { toApiUser, type UserService } from './users.service.ts';

/** Far above what a person editing a form needs; stops scripted write loops. */
export const SAVES_PER_MINUTE = 30;

/**
 * The signed-in user's own account: `GET /api/user/profile` answers the user; its profile,
 * practice and schedule are saved by `PUT /api/user/update-profile`, `PUT /api/user/practice`
 * and `PUT /api/user/schedule`.
 */
export function usersRoutes(
  app: FastifyInstance,
  { users, db, reviewers }: { users: UserService; db: Db; reviewers: readonly string[] },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const answer = (request: FastifyRequest, row: UserRow) => ({
    user: toApiUser(row, { isDirectoryReviewer: isDirectoryReviewer(request.identity, reviewers) }),
  });

  typed.get(
    '/api/user/profile',
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's profile",
        response: { 200: ZUserResponse },
      },
    },
    async (request) => answer(request, await request.currentUser()),
  );

  /**
   * A save of the signed-in user's own settings (`profile`, `schedule`), answering the user. Each
   * kind has its own rate limit, per account, not per address: many users can share one address
   * behind a clinic's NAT. The zod compilers are the app's; the body's type is `save`'s.
   */
  const saveRoute = <Body extends z.ZodType>(
    kind: string,
    path: string,
    {
      summary,
      body,
      phonePaths = [],
    }: { summary: string; body: Body; phonePaths?: readonly string[] },
    save: (input: { user: UserRow; input: z.infer<Body> }) => Promise<UserRow>,
  ) =>
    app.put(
      path,
      {
        schema: { tags: ['user'], summary, body, response: { 200: ZUserResponse, 400: ZApiError } },
        ...(phonePaths.length > 0 && {
          preValidation: readPhonesInPracticeRegion(db, phonePaths),
        }),
        config: {
          rateLimit: {
            max: SAVES_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => `${kind}:${request.identity.uid}`,
          },
        },
      },
      async (request) =>
        answer(
          request,
          await save({ user: await request.currentUser(), input: request.body as z.infer<Body> }),
        ),
    );

  saveRoute(
    'profile',
    '/api/user/update-profile',
    {
      summary:
        "Replaces the signed-in user's profile: name, age, gender, address, phone, picture. The email must be the account's own; blank optional fields are stored as null. A phone without + is read in the practice country and stored in E.164",
      body: ZProfileInput,
      phonePaths: PROFILE_PHONE_PATHS,
    },
    (input) => users.updateProfile(input),
  );
  saveRoute(
    'practice',
    '/api/user/practice',
    {
      summary:
        "Replaces the Practice section of the signed-in practitioner's profile: name, street, postal code, city, country (ISO 3166-1 alpha-2), phone (stored in E.164), registration number, cancellation notice in hours (0–168). Absent or blank fields are stored as null. The country is also the region phone numbers without + are read in, for patients too",
      body: ZPracticeInput,
    },
    (input) => users.updatePractice(input),
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
