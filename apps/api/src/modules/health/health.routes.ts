import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'down']) });

export async function healthRoutes(
  app: FastifyInstance,
  { isDatabaseHealthy }: { isDatabaseHealthy: () => Promise<boolean> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
