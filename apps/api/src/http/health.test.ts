import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/app.ts';
import { expectErrorAnswer } from '../../test/error-answer.ts';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await ctx.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers ok while every pooled connection is busy, since queries are being answered', async () => {
    const busy = await createTestApp();
    const { pool } = busy.database;
    await pool.query('select 1');
    // More slow queries than connections: a probe would wait over a second for one.
    const sleepers = Array.from({ length: pool.options.max + 2 }, () =>
      pool.query('select pg_sleep(1.5)'),
    );
    const response = await busy.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    await Promise.all(sleepers);
    await busy.close();
  });

  it('answers 503 with db down when the database is unreachable', async () => {
    const down = await createTestApp();
    await down.database.pool.end();
    const response = await down.app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ db: 'down' });
    await down.app.close();
    await down.database.drop();
  });
});

describe('error shape', () => {
  it('answers unknown /api paths with the JSON 404 shape', async () => {
    const response = await ctx.app.inject('/api/no-such-thing');
    expectErrorAnswer(response, 404, {
      message: 'The requested resource could not be found.',
      code: 'ROUTE_NOT_FOUND',
    });
  });

  it('answers malformed JSON with 400 and the shared shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev-auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('hides internals of a 5xx behind the generic message', async () => {
    const exploding = await createTestApp({
      beforeReady: (app) =>
        app.get('/api/test-explodes', { config: { isPublic: true } }, async () => {
          throw new Error('secret connection string postgres://u:p@db');
        }),
    });
    const response = await exploding.app.inject('/api/test-explodes');
    await exploding.close();
    expectErrorAnswer(response, 500, {
      message: 'There is a problem with the server. Please try again later.',
      code: 'INTERNAL',
    });
    expect(response.body).not.toContain('postgres://');
  });

  it('echoes a request id header on every answer', async () => {
    const response = await ctx.app.inject('/api/health');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3 document listing the health route', async () => {
    const response = await ctx.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths).toHaveProperty('/api/health');
  });

  it('serves the docs UI', async () => {
    const response = await ctx.app.inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
