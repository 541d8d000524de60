import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  KeySetUnavailableError,
  type IdentityProvider,
  type VerifiedIdentity,
} from '../../providers/identity/identity.ts';
import { withVerifiedTokenCache } from '../../providers/identity/verified-token-cache.ts';
import { findUserByUid } from '../users/users.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user (health, config, docs, dev sign-in, webhook). */
    isPublic?: boolean;
  }
  interface FastifyRequest {
    /** The verified token's identity; set on every non-public /api route. */
    identity: VerifiedIdentity;
    /** Loads the stored user for the identity (401 before the first `POST /auth/login`). */
    currentUser(): Promise<UserRow>;
    /** The stored user's id alone: remembered per identity, since a user keeps its id. */
    currentUserId(): Promise<string>;
  }
}

/** `Bearer <JWS compact>`; the scheme is case-insensitive (RFC 9110), the token is not. */
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*) *$/i;
const MAX_REMEMBERED_USERS = 10_000;
/** Query keys a misguided client might use for a token; never accepted, only named in logs. */
const QUERY_TOKEN_KEY = /token|jwt|auth|bearer/i;

/**
 * Default deny: every /api route needs `Authorization: Bearer <ID token>` unless its route
 * config says `isPublic`, and its answers carry `Cache-Control: no-store`. Failures are 401
 * `not authenticated` and are logged with a reason, never with the token. The decision uses the matched route, not the raw URL, so an encoded
 * path such as `/%61pi/...` cannot slip past it.
 */
export function registerAuthentication(
  app: FastifyInstance,
  { identity, db }: { identity: IdentityProvider; db: Db },
) {
  const verifyIdToken = withVerifiedTokenCache((token) => identity.verifyIdToken(token));
  app.decorateRequest('identity', null as unknown as VerifiedIdentity);
  // Users are never deleted and never change id, so a found id stays right; misses are not kept.
  const userIds = new Map<string, string>();
  const findUser = async (uid: string) => {
    const user = await findUserByUid(db, uid);
    if (!user) throw new AppError('NOT_AUTHENTICATED');
    if (userIds.size >= MAX_REMEMBERED_USERS) userIds.delete(userIds.keys().next().value!);
    userIds.set(uid, user.id);
    return user;
  };
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return findUser(this.identity.uid);
  });
  app.decorateRequest('currentUserId', async function (this: FastifyRequest) {
    return userIds.get(this.identity.uid) ?? (await findUser(this.identity.uid)).id;
  });

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    // Unmatched paths fall through to the 404 handler; public routes need no token.
    if (route === undefined || !route.startsWith('/api/')) return;
    if (request.routeOptions.config.isPublic || route.startsWith('/api/docs')) return;
    // Whatever it answers (a patient, a profile, an export, an error), a route that needs a token
    // answers for one person: no browser or proxy may keep it (shared clinic computers).
    void reply.header('cache-control', 'no-store');

    const header = request.headers.authorization ?? '';
    const match = BEARER.exec(header);
    if (!match) {
      const hasQueryToken = Object.keys((request.query as object | null) ?? {}).some((key) =>
        QUERY_TOKEN_KEY.test(key),
      );
      const reason = header
        ? 'malformed authorization header'
        : hasQueryToken
          ? 'token in the query string (not accepted)'
          : 'no bearer token';
      request.log.warn({ reason, route }, 'sign-in rejected');
      throw new AppError('NOT_AUTHENTICATED');
    }
    try {
      request.identity = await verifyIdToken(match[1]!);
    } catch (error) {
      if (error instanceof KeySetUnavailableError) {
        request.log.error({ reason: error.message, route }, 'cannot verify sign-in');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      const reason = error instanceof Error ? error.message : 'invalid';
      request.log.warn({ reason, route }, 'sign-in rejected');
      throw new AppError('NOT_AUTHENTICATED');
    }
  });
}
