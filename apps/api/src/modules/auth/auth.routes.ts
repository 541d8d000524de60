import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUserResponse } from '@portal/shared/user';
import type { Db } from '../../db/client.ts';
import { toApiUser, upsertUserFromIdentity } from '../users/users.repository.ts';

export function authRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: creates the user on first sign-in from the ID token, answers the user',
        response: { 200: ZUserResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({ user: toApiUser(await upsertUserFromIdentity(db, request.identity)) }),
  );
}
