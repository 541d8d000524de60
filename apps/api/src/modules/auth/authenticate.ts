import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { IdentityProvider, VerifiedIdentity } from '../../providers/identity/identity.ts';
import { findUserByUid } from '../users/users.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user (health, config, docs, dev sign-in, webhook). */
    isPublic?: boolean;
  }
  interface FastifyRequest {
    /** The verified token's identity; set on every non-public /api route. */
    identity: VerifiedIdentity;
    /** Loads the stored user for the identity (null before the first `POST /auth/login`). */
    currentUser(): Promise<UserRow>;
  }
}

/**
 * Default deny: every /api route needs `Authorization: Bearer <ID token>` unless its route
 * config says `isPublic`. Failures are 401 `not authenticated` and are logged without the token.
 */
export function registerAuthentication(
  app: FastifyInstance,
  { identity, db }: { identity: IdentityProvider; db: Db },
) {
  app.decorateRequest('identity', null as unknown as VerifiedIdentity);
  app.decorateRequest('currentUser', async function (this: FastifyRequest) {
    const user = await findUserByUid(db, this.identity.uid);
    if (!user) throw new AppError('NOT_AUTHENTICATED');
    return user;
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.isPublic) return;
    if (request.routeOptions.url === undefined || request.routeOptions.url.startsWith('/api/docs'))
      return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/.exec(header);
    if (!match) {
      request.log.warn(
        { reason: header ? 'malformed authorization header' : 'no bearer token' },
        'sign-in rejected',
      );
      throw new AppError('NOT_AUTHENTICATED');
    }
    try {
      request.identity = await identity.verifyIdToken(match[1]!);
    } catch (error) {
      request.log.warn(
        { reason: error instanceof Error ? error.message : 'invalid' },
        'sign-in rejected',
      );
      throw new AppError('NOT_AUTHENTICATED');
    }
  });
}
