import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

/**
 * Per-address limits count by `request.ip`: the connection's address, or with TRUST_PROXY the
 * client address the trusted proxy reports in X-Forwarded-For. Exercised on the calendar feed's
 * reads (600 a minute per address; unknown secrets, so each read is a 404 counted per address).
 */

const READS_PER_ADDRESS = 600;
const PROXY = '192.0.2.1';

/** One read of an unknown feed from `remoteAddress`, through whatever X-Forwarded-For says. */
function readFeed(
  ctx: TestContext,
  { remoteAddress, forwardedFor }: { remoteAddress: string; forwardedFor?: string },
) {
  return ctx.app.inject({
    url: `/api/calendar/unknown-${Math.random().toString(36).slice(2)}.ics`,
    remoteAddress,
    ...(forwardedFor && { headers: { 'x-forwarded-for': forwardedFor } }),
  });
}

/** Uses up one address's allowance: every read answered (404), then 429. */
async function exhaust(ctx: TestContext, from: Parameters<typeof readFeed>[1]) {
  for (let i = 0; i < READS_PER_ADDRESS; i += 1)
    expect((await readFeed(ctx, from)).statusCode).toBe(404);
  expect((await readFeed(ctx, from)).statusCode).toBe(429);
}

function useApp(env: Record<string, string>) {
  const holder: { ctx?: TestContext } = {};
  beforeAll(async () => {
    holder.ctx = await createTestApp({ env });
  });
  afterAll(() => holder.ctx?.close());
  return () => holder.ctx!;
}

describe('TRUST_PROXY unset', () => {
  const app = useApp({});

  it('ignores X-Forwarded-For: a client cannot pick a fresh address', async () => {
    const ctx = app();
    await exhaust(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.1' });
    expect(
      (await readFeed(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.2' })).statusCode,
    ).toBe(429);
    expect((await readFeed(ctx, { remoteAddress: '192.0.2.2' })).statusCode).toBe(404);
  });
});

describe('TRUST_PROXY as addresses', () => {
  const app = useApp({ TRUST_PROXY: `${PROXY},10.0.0.0/8` });

  it('gives two clients behind the proxy separate allowances', async () => {
    const ctx = app();
    await exhaust(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.1' });
    // The proxy appends the address it saw: what the client wrote before it is not believed.
    expect(
      (await readFeed(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.9, 198.51.100.1' }))
        .statusCode,
    ).toBe(429);
    expect(
      (await readFeed(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.2' })).statusCode,
    ).toBe(404);
    // Through two trusted hops (the load balancer, then an internal proxy in 10.0.0.0/8).
    expect(
      (await readFeed(ctx, { remoteAddress: '10.1.2.3', forwardedFor: `198.51.100.1, ${PROXY}` }))
        .statusCode,
    ).toBe(429);
  });

  it('believes no one else: a direct client naming another address is counted by its own', async () => {
    const ctx = app();
    await exhaust(ctx, { remoteAddress: '203.0.113.5', forwardedFor: '198.51.100.3' });
    expect(
      (await readFeed(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.3' })).statusCode,
    ).toBe(404);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  const app = useApp({ TRUST_PROXY: '1' });

  it('takes the address the nearest proxy reports', async () => {
    const ctx = app();
    await exhaust(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.9, 198.51.100.1' });
    expect(
      (await readFeed(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.1' })).statusCode,
    ).toBe(429);
    expect(
      (await readFeed(ctx, { remoteAddress: PROXY, forwardedFor: '198.51.100.2' })).statusCode,
    ).toBe(404);
  });
});
