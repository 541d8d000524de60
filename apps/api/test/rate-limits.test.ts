import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import type { VoiceProvider } from '../src/providers/voice/voice.ts';
import { createTestApp, signIn, useTestApp, type TestContext } from './app.ts';
import { expectErrorAnswer } from './error-answer.ts';

/**
 * The per-user budget over every authenticated route, and the limits on sign-in, checkout and
 * voice: past the limit a 429 with `Retry-After` and the
 * shared error body; the limit of one user (or address) never blocks another.
 */

const AGENT_ID = 'agent_rate_limits';
const fakeVoice: VoiceProvider = {
  name: 'retell',
  agentId: AGENT_ID,
  async createWebCall() {
    return { accessToken: 'rate-limit-web-call', callId: 'call_rate_limit' };
  },
  // Nothing here is signed by Retell: the functions and webhook routes answer 401.
  async isSignedByProvider() {
    return false;
  },
};

const ctx = useTestApp({ deps: { voice: fakeVoice } });

function expectRateLimited(response: LightMyRequestResponse) {
  expectErrorAnswer(response, 429, { message: ERRORS.RATE_LIMITED.message, code: 'RATE_LIMITED' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

/** Sends `count` requests one after the other; answers their statuses and the last response. */
async function repeat(count: number, send: () => Promise<LightMyRequestResponse>) {
  const statuses: number[] = [];
  let last: LightMyRequestResponse | undefined;
  for (let i = 0; i < count; i += 1) {
    last = await send();
    statuses.push(last.statusCode);
  }
  return { statuses, last: last! };
}

describe('sign-in', () => {
  const login = (token: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress,
    });
  const tokenFor = async (label: string) =>
    (await ctx.local.issueIdToken({ email: `${label}@example.test`, name: label })).idToken;

  it('POST /api/auth/login: 30 a minute per user, then 429; other users at the same address still sign in', async () => {
    const busy = await tokenFor('busy-signer');
    const { statuses } = await repeat(30, () => login(busy, '192.0.2.10'));
    expect(statuses).toEqual(Array(30).fill(200));
    expectRateLimited(await login(busy, '192.0.2.10'));
    // Per user: another address does not reset it, and a colleague behind the same NAT is served.
    expectRateLimited(await login(busy, '192.0.2.11'));
    expect((await login(await tokenFor('colleague'), '192.0.2.10')).statusCode).toBe(200);
  });

  it('POST /api/dev-auth/token: 300 a minute per address, then 429; other addresses are served', async () => {
    const mint = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/dev-auth/token',
        headers,
        payload: { email: 'minter@example.test', name: 'Minter' },
        remoteAddress,
      });
    const { statuses } = await repeat(300, () => mint('192.0.2.20'));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expectRateLimited(await mint('192.0.2.20'));
    // Proxy headers are not trusted (trustProxy: false), so they cannot pick a fresh address.
    expectRateLimited(await mint('192.0.2.20', { 'x-forwarded-for': '198.51.100.99' }));
    expect((await mint('192.0.2.21')).statusCode).toBe(200);
  });
});

describe('checkout and voice', () => {
  it.each([
    {
      url: '/api/premier/create-checkout-session',
      limit: 10,
      per: '10 a minute',
      payload: () => ({ amount: ctx.config.PREMIUM_AMOUNT }),
      remoteAddress: '192.0.2.30',
    },
    {
      url: '/api/retellai/connect-retellai',
      limit: 5,
      per: '5 calls a minute',
      payload: () => ({ agent_id: AGENT_ID }),
      remoteAddress: '192.0.2.40',
    },
  ])(
    'POST $url: $per per user, then 429; another user is served',
    async ({ url, limit, payload, remoteAddress }) => {
      const user = await signIn(ctx);
      const send = (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'POST', url, headers, payload: payload(), remoteAddress });
      const { statuses } = await repeat(limit, () => send(user.headers));
      expect(statuses).toEqual(Array(limit).fill(200));
      expectRateLimited(await send(user.headers));
      const other = await signIn(ctx);
      expect((await send(other.headers)).statusCode).toBe(200);
    },
  );
});

describe('the per-user budget over every authenticated route (USER_RATE_LIMIT_PER_MINUTE)', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestApp({ env: { USER_RATE_LIMIT_PER_MINUTE: '6' } });
  });
  afterAll(() => small.close());

  it('counts reads, lists, searches, the audit trail and the profile together, then answers 429', async () => {
    // Sign-in itself is the first request of the budget.
    const user = await signIn(small);
    const { headers } = user;
    const urls = [
      '/api/records/patients',
      '/api/records/patients?q=amina',
      '/api/records/patients/00000000-0000-4000-8000-000000000000',
      '/api/records/audit',
      '/api/user/profile',
    ];
    const statuses = [];
    for (const url of urls) statuses.push((await small.app.inject({ url, headers })).statusCode);
    expect(statuses).toEqual([200, 200, 404, 200, 200]);
    const refused = await small.app.inject({ url: '/api/records/patients', headers });
    expectRateLimited(refused);
    expect(refused.headers['cache-control']).toBe('no-store');
    const create = await small.app.inject({
      method: 'POST',
      url: '/api/records/patients',
      headers,
      payload: {},
    });
    expectRateLimited(create);
    // Refused before validation or the database: audited are the list, the search and the
    // denied read, never the refused attempts.
    const { rows } = await small.database.pool.query('select count(*)::int as n from audit_events');
    expect(rows[0].n).toBe(3);
  });

  it('is per user: another user is served, and public routes are not counted', async () => {
    const other = await signIn(small);
    expect(
      (await small.app.inject({ url: '/api/records/patients', headers: other.headers })).statusCode,
    ).toBe(200);
    const health = await repeat(10, () => small.app.inject({ url: '/api/health' }));
    expect(health.statuses.every((status) => status === 200)).toBe(true);
  });

  it('leaves the limits of single routes in force under a large budget', async () => {
    // Checkout: 10 a minute per user, even though the budget (default 1200) is far from spent.
    const buyer = await signIn(ctx);
    const checkout = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/premier/create-checkout-session',
        headers: buyer.headers,
        payload: { amount: ctx.config.PREMIUM_AMOUNT },
      });
    const { statuses } = await repeat(10, checkout);
    expect(statuses).toEqual(Array(10).fill(200));
    expectRateLimited(await checkout());
  });
});
