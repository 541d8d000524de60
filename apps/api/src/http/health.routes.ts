import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readiness } from '../lifecycle/readiness.ts';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'down']) });
const ZReady = z.object({
  status: z
    .enum(['ready', 'starting', 'draining', 'database-down'])
    .describe('`ready` only when this instance should receive traffic'),
});

export async function healthRoutes(
  app: FastifyInstance,
  {
    isDatabaseHealthy,
    readiness,
  }: { isDatabaseHealthy: () => Promise<boolean>; readiness: Readiness },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        security: [],
        response: { 200: ZHealth, 503: ZHealth },
      },
      config: { isPublic: true },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const isUp = await isDatabaseHealthy();
      return isUp
        ? { status: 'ok' as const, db: 'ok' as const }
        : reply.code(503).send({ status: 'degraded' as const, db: 'down' as const });
    },
  );

  routes.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness for a load balancer',
        description:
          '503 while the instance is starting (database, migrations, start-up jobs), once it is draining after SIGTERM, or when its database does not answer; 200 otherwise. `/api/health` stays the liveness check.',
        security: [],
        response: { 200: ZReady, 503: ZReady },
      },
      config: { isPublic: true },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const { phase } = readiness;
      if (phase !== 'ready') return reply.code(503).send({ status: phase });
      if (!(await isDatabaseHealthy()))
        return reply.code(503).send({ status: 'database-down' as const });
      return { status: 'ready' as const };
    },
  );
}
