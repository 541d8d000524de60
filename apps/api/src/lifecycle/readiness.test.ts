import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { useTestApp } from '../../test/app.ts';
import { createEarlyServer } from './early-server.ts';
import { createReadiness } from './readiness.ts';

const ctx = useTestApp();

describe('GET /api/health/ready', () => {
  it('answers ready once the app is ready', async () => {
    const response = await ctx.app.inject('/api/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 draining from SIGTERM on, and asks clients to reconnect elsewhere', async () => {
    const readiness = createReadiness();
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      identity: ctx.local,
      readiness,
    });
    await app.ready();
    expect((await app.inject('/api/health/ready')).statusCode).toBe(200);
    readiness.markDraining();
    const ready = await app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    // Still served while draining, on a connection that then closes.
    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
    await app.close();
  });

  it('answers 503 starting on the listening socket until the app is attached', async () => {
    const early = createEarlyServer();
    await early.listen(0, '127.0.0.1');
    const { port } = early.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;
    try {
      const starting = await fetch(`${url}/api/health/ready`);
      expect(starting.status).toBe(503);
      expect(await starting.json()).toEqual({ status: 'starting' });
      const other = await fetch(`${url}/api/records/patients`);
      expect(other.status).toBe(503);
      expect(other.headers.get('retry-after')).toBe('1');
      expect(await other.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

      const app = await buildApp({
        config: ctx.config,
        database: ctx.database,
        identity: ctx.local,
        serverFactory: early.serverFactory,
      });
      await app.ready();
      early.attach();
      const ready = await fetch(`${url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
      await app.close();
    } finally {
      early.server.closeAllConnections();
      await new Promise((resolve) => early.server.close(resolve));
    }
  });
});
