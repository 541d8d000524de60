import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { rateLimitStoreOptions } from '../lib/rate-limit-store.ts';

const ONE_MINUTE_MS = 60_000;
/** Users (and addresses) whose counters are kept; the least recently seen go first. */
const COUNTERS_KEPT = 10_000;

/**
 * Every rate limit has its store here, in one place: the per-route limits (`config.rateLimit`
 * on a route: sign-in, checkout, voice, export, profile saves) and the per-user budget over all
 * authenticated routes (`USER_RATE_LIMIT_PER_MINUTE`). Register after the authentication hook
 * (the budget is keyed by the verified user) and before the routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  {
    userRateLimitPerMinute,
    redisUrl,
  }: { userRateLimitPerMinute: number; redisUrl: string | undefined },
): Promise<void> {
  // In memory, or in Redis when REDIS_URL is set (shared by every instance: lib/rate-limit-store).
  await app.register(rateLimit, {
    global: false,
    cache: COUNTERS_KEPT,
    ...(await rateLimitStoreOptions(app, { redisUrl })),
  });
  // createRateLimit, not rateLimit(): the latter marks the request as limited, and a route's own
  // limiter would then be skipped.
  const countUserRequest = app.createRateLimit({
    max: userRateLimitPerMinute,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: (request) => request.identity.uid,
  });
  app.addHook('onRequest', async (request) => {
    // Public routes and refused tokens have no identity (and never reach this far, respectively).
    if (!request.identity) return;
    const limit = await countUserRequest(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    throw new AppError('RATE_LIMITED', {
      headers: { 'retry-after': String(Math.max(1, limit.ttlInSeconds)) },
    });
  });
}
