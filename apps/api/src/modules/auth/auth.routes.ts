import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSignInInput } from '@portal/shared/profile';
import { ZUserResponse } from '@portal/shared/user';
import type { Db } from '../../db/client.ts';
import { isDirectoryReviewer } from '../../lib/directory-reviewers.ts';
import { upsertUserFromIdentity } from '../users/users.repository.ts';
import { toApiUser } from '../users/users.service.ts';

/**
 * Limited per signed-in user, not per address: a clinic's staff often share one public IP,
 * and the token check runs first, so an anonymous flood never reaches the database.
 */
const perUser = (request: FastifyRequest) => request.identity?.uid ?? request.ip;

export function authRoutes(
  app: FastifyInstance,
  { db, reviewers }: { db: Db; reviewers: readonly string[] },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: creates the user on first sign-in from the ID token, answers the user',
        description:
          "Bearer ID token; the body is empty or `{ timeZone }`, the browser's IANA time zone. The first sign-in stores name, e-mail and picture from the token and the time zone; later sign-ins answer the stored user unchanged (a time zone is only filled in when none is stored).",
        body: ZSignInInput.nullish(),
        response: { 200: ZUserResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
    },
    async (request) => ({
      user: toApiUser(await upsertUserFromIdentity(db, request.identity, request.body ?? {}), {
        isDirectoryReviewer: isDirectoryReviewer(request.identity, reviewers),
      }),
    }),
  );
}
