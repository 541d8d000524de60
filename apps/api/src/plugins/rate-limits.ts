import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  const countUserRequest = createLimitHook(app, {
    max: userRateLimitPerMinute,
    keyOf: (request) => request.identity.uid,
  });
  app.addHook('onRequest', async (request) => {
    // Public routes and refused tokens have no identity (and never reach this far, respectively).
    if (!request.identity) return;
    await countUserRequest(request);
  });
}

/**
 * A limit a minute as an `onRequest` hook that answers 429 with `Retry-After` past `max`, for
 * a route that needs more than the one `config.rateLimit`, or its limits in a chosen order. Its
 * keys share one namespace in Redis with every other such hook: prefix them.
 */
export function createLimitHook(
  app: FastifyInstance,
  { max, keyOf }: { max: number; keyOf: (request: FastifyRequest) => string },
): (request: FastifyRequest) => Promise<void> {
  // createRateLimit, not rateLimit(): the latter marks the request as limited, and a route's own
  // limiter would then be skipped.
  const count = app.createRateLimit({ max, timeWindow: ONE_MINUTE_MS, keyGenerator: keyOf });
  return async (request) => {
    const limit = await count(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    throw new AppError('RATE_LIMITED', {
      headers: { 'retry-after': String(Math.max(1, limit.ttlInSeconds)) },
    });
  };
}
