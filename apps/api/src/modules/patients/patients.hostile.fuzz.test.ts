import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSignedInUser, useTestApp } from '../../../test/app.ts';
import { eachLimited } from '../../../test/each-limited.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

// Hostile requests on the records routes: whatever arrives, no 5xx and no patient field or token
// in the logs. The field-by-field validation of generated invalid patients is patients.fuzz.test.ts.
const SEED = 20_241_106;

// One user sends thousands of requests within a minute: far above the per-user budget
// (USER_RATE_LIMIT_PER_MINUTE, tested in test/rate-limits.test.ts).
const ctx = useTestApp({
  env: { LOG_LEVEL: 'info', USER_RATE_LIMIT_PER_MINUTE: '1000000000' },
});
const user = useSignedInUser(ctx);

describe('no input answers 5xx', () => {
  it('arbitrary JSON bodies, ids, queries and headers on every records route', async () => {
    const own = await createPatient(ctx, user.headers);
    const anyText = fc.string({ unit: 'binary', maxLength: 120 });
    const request = fc.oneof(
      fc.record({
        method: fc.constantFrom('POST' as const),
        url: fc.constant('/api/records/patients'),
        payload: fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
      }),
      fc.record({
        method: fc.constantFrom('PUT' as const),
        url: fc.oneof(
          fc.constant(`/api/records/patients/${own._id}`),
          anyText.map((id) => `/api/records/patients/${encodeURIComponent(id)}`),
        ),
        payload: fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
        headers: fc.record({ 'if-match': anyText.map((s) => s.replace(/[^\x20-\x7e]/g, '')) }),
      }),
      fc.record({
        method: fc.constantFrom('GET' as const, 'DELETE' as const),
        url: anyText.map((id) => `/api/records/patients/${encodeURIComponent(id)}`),
      }),
      fc.record({
        method: fc.constant('POST' as const),
        url: anyText.map((id) => `/api/records/patients/${encodeURIComponent(id)}/restore`),
      }),
      fc.record({
        method: fc.constant('GET' as const),
        url: fc
          .record({
            q: anyText,
            limit: fc.oneof(anyText, fc.integer().map(String)),
            cursor: anyText,
          })
          .map((query) => `/api/records/patients?${new URLSearchParams(query)}`),
      }),
      fc.record({
        method: fc.constant('GET' as const),
        url: fc
          .record({ format: anyText })
          .map((query) => `/api/records/patients/export?${new URLSearchParams(query)}`),
      }),
      fc.record({
        method: fc.constant('GET' as const),
        url: fc
          .record({ limit: anyText, cursor: anyText })
          .map((query) => `/api/records/audit?${new URLSearchParams(query)}`),
      }),
    );
    const samples = fc.sample(request, { seed: SEED, numRuns: 600 });
    const failures: string[] = [];
    await eachLimited(samples, 8, async (sample) => {
      const { headers, ...rest } = sample as typeof sample & { headers?: Record<string, string> };
      const response = await ctx.app.inject({
        ...rest,
        headers: { ...user.headers, 'content-type': 'application/json', ...headers },
      });
      if (response.statusCode >= 500) failures.push(`${JSON.stringify(sample)} → ${response.body}`);
    });
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it('bodies that are not JSON objects', async () => {
    for (const [type, payload] of [
      ['application/json', '[]'],
      ['application/json', 'null'],
      ['application/json', '"text"'],
      ['application/json', '{"name":'],
      ['application/json', '{"__proto__":{"isAdmin":true}}'],
      ['application/json', '{"constructor":{"prototype":{}}}'],
      ['text/plain', 'name=x'],
      ['application/x-www-form-urlencoded', 'name=x'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/records/patients',
        headers: { ...user.headers, 'content-type': type },
        payload,
      });
      expect(response.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${type} ${payload}`).toBeLessThan(500);
    }
  });
});

describe('logs', () => {
  it('never contain patient fields or tokens, even when a request fails inside the database', async () => {
    const marker = {
      name: 'Quenby Markername',
      diagnosedWith: 'Markerdiagnosis syndrome',
      address: '77 Markeraddress Lane',
      email: 'marker.person@markermail.example',
      phone: '8675309123',
      emergencyContact: { phone: '8675309456' },
    };
    const created = await createPatient(ctx, user.headers, marker);
    await ctx.app.inject({ url: `/api/records/patients?q=${marker.name}`, headers: user.headers });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/records/patients/${created._id}`,
      headers: { ...user.headers, 'if-match': '"1999-01-01T00:00:00.000Z"' },
      payload: { ...marker, age: 30, bloodGroup: 'A+', gender: 'Other' },
    });
    await ctx.app.inject({ url: '/api/records/patients/export?format=csv', headers: user.headers });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/records/patients',
      headers: user.headers,
      payload: { ...marker, age: -3, ownerId: 'x' },
    });
    // A failure inside PostgreSQL: its error carries the query's parameters.
    await ctx.database.pool.query(
      `alter table patients add constraint test_refuses_marker check (name <> 'Forced Markername')`,
    );
    try {
      const failing = await ctx.app.inject({
        method: 'POST',
        url: '/api/records/patients',
        headers: user.headers,
        payload: {
          ...marker,
          name: 'Forced Markername',
          age: 30,
          bloodGroup: 'A+',
          gender: 'Other',
        },
      });
      expectErrorAnswer(failing, 500, {
        message: 'There is a problem with the server. Please try again later.',
        code: 'INTERNAL',
      });
    } finally {
      await ctx.database.pool.query('alter table patients drop constraint test_refuses_marker');
    }
    const logs = ctx.logs.join('\n');
    expect(logs).toContain('request failed');
    for (const secret of [
      'Markername',
      'Markerdiagnosis',
      'Markeraddress',
      'markermail',
      '8675309',
      user.token,
      user.token.split('.')[2]!,
    ]) {
      expect(logs, secret).not.toContain(secret);
    }
  });
});
