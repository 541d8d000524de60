import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { registerAuthentication } from './modules/auth/authenticate.ts';
import { devAuthRoutes } from './modules/auth/dev-auth.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { recordsPlugin } from './modules/patients/records.plugin.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import type { IdentityProvider } from './providers/identity/identity.ts';
import type { LocalIdentityProvider } from './providers/identity/local.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  identity: IdentityProvider;
  /** Folder of the built web app; served with SPA fallback when it holds index.html. */
  webDistDir?: string;
  /** Where log lines go (stdout by default); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole API (and the web app's static files) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, identity } = deps;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(deps.logStream && { stream: deps.logStream }),
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
      ],
      serializers: {
        // Paths only: query strings can carry search terms (patient names) or misplaced tokens.
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          path: req.url.split('?')[0],
          id: req.id,
        }),
      },
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming)
        ? incoming
        : crypto.randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    trustProxy: false,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app);
  registerAuthentication(app, { identity, db: database.db });

  healthRoutes(app, { isDatabaseHealthy: () => database.isHealthy() });
  configRoutes(app, { config });
  authRoutes(app, { db: database.db });
  await app.register(recordsPlugin, { db: database.db });
  if (identity.name === 'local') devAuthRoutes(app, { local: identity as LocalIdentityProvider });

  await registerWebApp(app, deps.webDistDir);
  return app;
}
