import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/app.ts';

/**
 * Database errors are logged without a single parameter value, whatever the values hold: line
 * breaks (which once continued a redacted `params:` line onto the next), quotes of both kinds,
 * text that looks like a stack frame, Unicode. They reach the logs through the error handler
 * (a 500) and through any `log.error({ err })`; both go through the logger's `err` serializer.
 */
const HOSTILE = [
  'Flu\nHIV positive',
  'quote " inside\n    at forged (frame.ts:1:1)',
  "it's 'single' and \"double\"",
  'Ünïcödé 病人 ✓ مريض',
  'params: [redacted]\r\nleaked-after-cr',
];
/** Distinctive fragments of the values: none may appear in any log line. */
const FRAGMENTS = [
  'HIV positive',
  'quote " inside',
  'forged (frame',
  "'single'",
  'Ünïcödé',
  '病人',
  'مريض',
  'leaked-after-cr',
];

let ctx: TestContext;
let headers: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp({
    beforeReady(app) {
      // A query whose parameters PostgreSQL refuses, and quotes in its own message too.
      app.post('/api/test-only/failing-query', async (request) => {
        const { values } = request.body as { values: string[] };
        await ctx.database.db.execute(
          sql`select ${values[0]}::uuid, ${values[1]}::int, ${values.slice(2).join('|')}::date`,
        );
        return { ok: true };
      });
      app.post('/api/test-only/logged-error', async (request) => {
        const { values } = request.body as { values: string[] };
        try {
          await ctx.database.pool.query('select $1::uuid, $2::text', [values[0], values[1]]);
        } catch (error) {
          request.log.error({ err: error }, 'a handled database error');
        }
        return { ok: true };
      });
    },
  });
  headers = (await signIn(ctx)).headers;
});
afterAll(() => ctx.close());

function logLinesAbout(requestId: string) {
  return ctx.logs.filter((line) => line.includes(requestId));
}

describe('database errors in the logs', () => {
  it.each(HOSTILE.map((value, index) => [index, value]))(
    'a failed query (500) logs no parameter value (case %i)',
    async (index) => {
      const values = [...HOSTILE.slice(index), ...HOSTILE.slice(0, index)];
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/test-only/failing-query',
        headers,
        payload: { values },
      });
      expect(response.statusCode).toBe(500);
      const lines = logLinesAbout(String(response.headers['x-request-id']));
      const failed = lines.find((line) => line.includes('request failed'));
      expect(failed).toBeDefined();
      // Still useful: the SQLSTATE and the SQL text with its placeholders.
      const { err } = JSON.parse(failed!) as { err: Record<string, unknown> };
      expect(JSON.stringify(err)).toContain('22P02');
      expect(JSON.stringify(err)).toContain('$1::uuid');
      for (const fragment of FRAGMENTS) expect(lines.join('\n')).not.toContain(fragment);
    },
  );

  it('an error logged by hand with { err } is redacted the same way', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-only/logged-error',
      headers,
      payload: { values: [HOSTILE[0], HOSTILE[3]] },
    });
    expect(response.statusCode).toBe(200);
    const lines = logLinesAbout(String(response.headers['x-request-id']));
    const logged = lines.find((line) => line.includes('a handled database error'));
    expect(logged).toBeDefined();
    expect(JSON.parse(logged!).err).toMatchObject({ code: '22P02', routine: 'string_to_uuid' });
    expect(JSON.parse(logged!).err.stack).toMatch(/^\s+at /);
    for (const fragment of FRAGMENTS) expect(lines.join('\n')).not.toContain(fragment);
  });
});
