import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/app.ts';
import { expectErrorAnswer } from '../../test/error-answer.ts';

/**
 * DB_STATEMENT_TIMEOUT_MS is set on every connection of the pool: a statement that runs longer
 * is cancelled by PostgreSQL, and the request gets a clean 503 in the error shape while the
 * server goes on serving. A tiny timeout and pg_sleep stand in for a pathological query.
 */
let ctx: TestContext;
let headers: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp({
    env: { DB_STATEMENT_TIMEOUT_MS: '200' },
    beforeReady(app) {
      app.get('/api/test-only/slow-pool', async () => {
        await ctx.database.pool.query('select pg_sleep(3)');
        return { ok: true };
      });
      app.get('/api/test-only/slow-drizzle', async () => {
        await ctx.database.db.execute(sql`select pg_sleep(3)`);
        return { ok: true };
      });
    },
  });
  headers = (await signIn(ctx)).headers;
});
afterAll(() => ctx.close());

describe('DB_STATEMENT_TIMEOUT_MS', () => {
  it('is the statement_timeout of the pool connections', async () => {
    const { rows } = await ctx.database.pool.query<{ statement_timeout: string }>(
      'show statement_timeout',
    );
    expect(rows[0]!.statement_timeout).toBe('200ms');
  });

  it.each(['/api/test-only/slow-pool', '/api/test-only/slow-drizzle'])(
    '%s: a statement over it is cancelled and answered 503, and the server keeps serving',
    async (url) => {
      const response = await ctx.app.inject({ url, headers });
      expectErrorAnswer(response, 503, {
        message: 'The service is temporarily unavailable.',
        code: 'SERVICE_UNAVAILABLE',
      });
      const list = await ctx.app.inject({ url: '/api/records/patients', headers });
      expect(list.statusCode).toBe(200);
    },
  );

  it('defaults to 5000 ms', async () => {
    const defaults = await createTestApp();
    try {
      const { rows } = await defaults.database.pool.query<{ statement_timeout: string }>(
        'show statement_timeout',
      );
      expect(rows[0]!.statement_timeout).toBe('5s');
    } finally {
      await defaults.close();
    }
  });
});
