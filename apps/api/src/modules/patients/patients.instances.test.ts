import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { type AuthHeaders, createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { patientInput } from '../../../test/factories/patients.ts';

/** Two API instances on one database, as behind a load balancer: A is ctx.app, B below. */
let ctx: TestContext;
let databaseB: Database;
let appB: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestApp();
  databaseB = connectDatabase(ctx.database.url, { max: 3 });
  appB = await buildApp({ config: ctx.config, database: databaseB, identity: ctx.local });
  await appB.ready();
});
afterAll(async () => {
  await appB.close();
  await databaseB.close();
  await ctx.close();
});

const totalOn = async (app: FastifyInstance, headers: AuthHeaders) => {
  const response = await app.inject({ url: '/api/records/patients?limit=1', headers });
  expect(response.statusCode).toBe(200);
  return Number(response.headers['x-total-count']);
};

describe('X-Total-Count across API instances', () => {
  it("changes on one instance at once after a change through the other (within the cache's 5 s)", async () => {
    const alice = await signIn(ctx);
    expect(await totalOn(appB, alice.headers)).toBe(0);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/records/patients',
      headers: alice.headers,
      payload: patientInput(),
    });
    expect(created.statusCode).toBe(201);
    expect(await totalOn(appB, alice.headers)).toBe(1);

    expect(await totalOn(ctx.app, alice.headers)).toBe(1);
    const deleted = await appB.inject({
      method: 'DELETE',
      url: `/api/records/patients/${created.json()._id}`,
      headers: alice.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await totalOn(ctx.app, alice.headers)).toBe(0);
  });
});
