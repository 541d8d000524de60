import type { FastifyInstance } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';

/**
 * Where every rate limiter of the API counts: in this process's memory by default, or in Redis
 * when `REDIS_URL` is set, so that N instances behind a load balancer share one budget per user
 * instead of granting N times each limit. The one place that chooses: every limiter (route
 * `config.rateLimit` and `app.createRateLimit`) goes through the plugin registered with these
 * options.
 *
 * With Redis unreachable, limits are skipped (`skipOnError`) rather than failing every
 * request: a command waits at most `COMMAND_TIMEOUT_MS` and is not queued while disconnected.
 */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_WAIT_MS = 2_000;

export async function rateLimitStoreOptions(
  app: FastifyInstance,
  { redisUrl }: { redisUrl: string | undefined },
): Promise<Partial<RateLimitPluginOptions>> {
  if (!redisUrl) return {};
  // Loaded only when used: most instances (and every test app) count in memory.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_WAIT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  let isDown = false;
  redis.on('error', (error: Error) => {
    // One line per outage, not one per reconnection attempt.
    if (!isDown) app.log.warn({ err: error }, 'rate-limit store (Redis) unreachable');
    isDown = true;
  });
  redis.on('ready', () => (isDown = false));
  // Commands are not queued while connecting: be connected before the first request.
  app.addHook('onReady', async () => {
    if (redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CONNECT_WAIT_MS);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: 'portal-rate-limit:', skipOnError: true };
}
