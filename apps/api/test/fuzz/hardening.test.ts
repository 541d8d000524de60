import { describe, expect, it } from 'vitest';
import { useSignedInUser, useTestApp } from '../app.ts';
import { expectErrorAnswer } from '../error-answer.ts';

/**
 * The API's defences against malformed input, one by one: what the fuzz suite exercises at
 * random, pinned here with the exact answers expected.
 */

const ctx = useTestApp();
const user = useSignedInUser(ctx);

const JSON_TYPE = { 'content-type': 'application/json' };
const BIG = `{"name":"${'a'.repeat(256 * 1024)}"}`;

async function count(table: 'patients' | 'users' | 'checkout_sessions'): Promise<number> {
  const { rows } = await ctx.database.pool.query(`select count(*)::int as n from ${table}`);
  return rows[0].n;
}

function expectHardenedHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['content-security-policy'])).toContain("object-src 'none'");
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
}

describe('URLs the router cannot take', () => {
  it.each(['/api/records/patients/%zz', '/api/health%E0%A4%A', '/api/records/%C0%AF'])(
    '%s (does not percent-decode): 400 in the shared shape, with the security headers',
    async (url) => {
      const response = await ctx.app.inject({ url, headers: user.headers });
      expectErrorAnswer(response, 400, {
        message: 'The address of the request is not valid.',
        code: 'BAD_REQUEST',
      });
      expectHardenedHeaders(response.headers);
    },
  );

  it('a path segment over 200 characters: 414 in the shared shape, with the security headers', async () => {
    for (const url of [
      `/api/records/patients/${'x'.repeat(201)}`,
      `/api/records/patients/${'%C3%A9'.repeat(40)}`,
      `/api/premier/local-checkout/${'x'.repeat(400)}/pay`,
    ]) {
      const response = await ctx.app.inject({ method: 'DELETE', url, headers: user.headers });
      expectErrorAnswer(response, 414, {
        message: 'The address of the request is too long.',
        code: 'URI_TOO_LONG',
      });
      expectHardenedHeaders(response.headers);
    }
    const atTheLimit = await ctx.app.inject({
      url: `/api/records/patients/${'x'.repeat(200)}`,
      headers: user.headers,
    });
    expect(atTheLimit.json().code).toBe('PATIENT_NOT_FOUND');
  });
});

describe('body size limits', () => {
  it.each([
    ['POST', '/api/records/patients'],
    ['PUT', '/api/user/update-profile'],
    ['POST', '/api/retellai/connect-retellai'],
    ['POST', '/api/premier/create-checkout-session'],
  ] as const)('%s %s refuses a JSON body over 256 KiB with 413', async (method, url) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { ...user.headers, ...JSON_TYPE },
      payload: BIG,
    });
    expectErrorAnswer(response, 413, {
      message: 'The request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('the webhook, which reads its body raw, has the same limit', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/premier/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: BIG,
    });
    expect(response.statusCode).toBe(413);
  });

  it('the local checkout forms take at most 1 KiB', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/premier/local-checkout/cs_local_x/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `a=${'b'.repeat(2048)}`,
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('JSON prototype poisoning (Fastify onProtoPoisoning / onConstructorPoisoning: error)', () => {
  const poisons = [
    '{"__proto__":{"isAdmin":true}}',
    '{"name":"x","constructor":{"prototype":{"isAdmin":true}}}',
    '{"emergencyContact":{"__proto__":{"phone":"5551234567"}}}',
  ];
  const routes = [
    ['POST', '/api/records/patients'],
    ['PUT', `/api/records/patients/00000000-0000-4000-8000-000000000000`],
    ['PUT', '/api/user/update-profile'],
    ['POST', '/api/premier/create-checkout-session'],
    ['PUT', '/api/user/subscription'],
    ['POST', '/api/dev-auth/token'],
  ] as const;

  it('every JSON parser of the API refuses the keys with 400, stores nothing and pollutes nothing', async () => {
    const before = [
      await count('patients'),
      await count('users'),
      await count('checkout_sessions'),
    ];
    for (const [method, url] of routes) {
      for (const payload of poisons) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: { ...user.headers, ...JSON_TYPE },
          payload,
        });
        expect(response.statusCode, `${method} ${url} ${payload}`).toBe(400);
        expect(response.json().code, `${method} ${url} ${payload}`).toBe('BAD_REQUEST');
      }
    }
    expect([
      await count('patients'),
      await count('users'),
      await count('checkout_sessions'),
    ]).toEqual(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('query strings cannot pollute either: bracket keys stay plain keys', async () => {
    const response = await ctx.app.inject({
      url: '/api/records/patients?__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('other malformed bodies', () => {
  it('JSON nested 50,000 deep is a 400, not a crash', async () => {
    for (const payload of [
      `{"name":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/records/patients',
        headers: { ...user.headers, ...JSON_TYPE },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('a body in another media type is a 415 with the shared message', async () => {
    // (text/plain has Fastify's default parser: it arrives as a string and fails validation.)
    for (const type of [
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/records/patients',
        headers: { ...user.headers, 'content-type': type },
        payload: '{}',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({
        message: 'Send the request body as JSON.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('a repeated query parameter is a 400, not an array reaching the service', async () => {
    const response = await ctx.app.inject({
      url: '/api/records/patients?limit=1&limit=2&q=a&q=b',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('requests that try to change how they are handled', () => {
  it('a method-override header does not turn a POST into a DELETE', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/records/patients',
      headers: user.headers,
      payload: {
        name: 'Override Target',
        diagnosedWith: 'Flu',
        address: '1 Lane',
        age: 30,
        bloodGroup: 'A+',
        gender: 'Other',
        phone: '5550303030',
        emergencyContact: { phone: '5550404040' },
      },
    });
    const id = created.json()._id as string;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/records/patients/${id}`,
      headers: { ...user.headers, 'x-http-method-override': 'DELETE' },
    });
    expect(response.statusCode).toBe(404);
    const stored = await ctx.app.inject({
      url: `/api/records/patients/${id}`,
      headers: user.headers,
    });
    expect(stored.statusCode).toBe(200);
  });

  it('no CORS: another origin gets no Access-Control-Allow-Origin, a preflight is not answered', async () => {
    const origin = { origin: 'https://evil.example' };
    const read = await ctx.app.inject({
      url: '/api/user/profile',
      headers: { ...user.headers, ...origin },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/records/patients',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("the request id is always the server's; a short, plain client id is only logged beside it (no log injection)", async () => {
    const plain = await ctx.app.inject({
      url: '/api/config',
      headers: { 'x-request-id': 'client-42.a_b' },
    });
    const serverId = String(plain.headers['x-request-id']);
    expect(serverId).toMatch(/^[0-9a-f-]{36}$/);
    const line = ctx.logs.find((entry) => entry.includes(serverId) && entry.includes('completed'));
    expect(JSON.parse(line!).req).toMatchObject({ id: serverId, clientRequestId: 'client-42.a_b' });
    for (const forged of ['a'.repeat(65), 'id with spaces', 'x","level":60,"msg":"forged']) {
      const response = await ctx.app.inject({
        url: '/api/health',
        headers: { 'x-request-id': forged },
      });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(ctx.logs.join('')).not.toContain('forged');
  });
});
