import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { IdentityProvider } from '../../providers/identity/identity.ts';
import type { LocalIdentityProvider } from '../../providers/identity/local.ts';
import { authRoutes } from './auth.routes.ts';
import { devAuthRoutes } from './dev-auth.routes.ts';

/**
 * Sign-in, and with the local identity provider its development sign-in (never with Firebase),
 * each in an encapsulated context of its own: only sign-in takes an empty JSON body as none (it
 * may be sent with a JSON content type and no body at all).
 * The token check itself is app-wide (authenticate.ts, registered by app.ts).
 */
export async function authPlugin(
  app: FastifyInstance,
  {
    db,
    identity,
    config,
  }: { db: Db; identity: IdentityProvider; config: Pick<Config, 'DIRECTORY_REVIEWERS'> },
) {
  await app.register(async (scope) => {
    allowEmptyJsonBody(scope);
    authRoutes(scope, { db, reviewers: config.DIRECTORY_REVIEWERS });
  });
  if (identity.name === 'local') {
    const local = identity as LocalIdentityProvider;
    await app.register(async (scope) => devAuthRoutes(scope, { local }));
  }
}
