import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPatient } from '@portal/shared/patient';
import { signIn, useTestApp } from '../../../test/app.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { nextPageOf } from '../../../test/paging.ts';

/**
 * Reads and list pages that arrive together share one statement on a busy server: each still
 * answers exactly what it answers alone, owner-scoped, with its own audit row.
 */
const ctx = useTestApp();
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;
let alices: TPatient[];
let bobs: TPatient[];
let trashed: TPatient;
const MISSING = '6f1c1b1e-0000-4000-8000-000000000000';

beforeAll(async () => {
  alice = await signIn(ctx);
  bob = await signIn(ctx);
  alices = [];
  bobs = [];
  for (let i = 0; i < 4; i++) {
    alices.push(await createPatient(ctx, alice.headers));
    bobs.push(await createPatient(ctx, bob.headers));
  }
  trashed = await createPatient(ctx, alice.headers);
  await ctx.app.inject({
    method: 'DELETE',
    url: `/api/records/patients/${trashed._id}`,
    headers: alice.headers,
  });
});

type Who = typeof alice;
const send = (who: Who, path: string) => ctx.app.inject({ url: path, headers: who.headers });

/** What a client sees of an answer, minus what differs per request. */
const seen = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.body,
  cacheControl: response.headers['cache-control'],
  link: response.headers.link,
  total: response.headers['x-total-count'],
});

/**
 * Sends each request alone, then all at once: the answers must be the same, and the ones sent at
 * once must have gone in fewer statements than requests. Answers the ones sent at once.
 */
async function sendAloneThenTogether(asked: [Who, string][]) {
  const alone = [];
  for (const [who, path] of asked) alone.push(seen(await send(who, path)));
  const statements = vi.spyOn(ctx.database.db.$batchClient, 'query');
  const together = await Promise.all(asked.map(([who, path]) => send(who, path)));
  expect(statements.mock.calls.length).toBeLessThan(asked.length);
  statements.mockRestore();
  expect(together.map(seen)).toEqual(alone);
  return together;
}

/** Each read's audit row (by its request id): who, which patient, what outcome. */
async function auditOf(response: LightMyRequestResponse) {
  const { rows } = await ctx.database.pool.query(
    'select actor_id, patient_id, action, outcome from audit_events where request_id = $1',
    [response.headers['x-request-id']],
  );
  return rows;
}

describe('reads that arrive together', () => {
  it('answer each exactly as alone, audit each, and go in fewer statements than reads', async () => {
    const asked: [Who, string][] = [
      ...alices.map((p): [Who, string] => [alice, p._id]),
      ...bobs.map((p): [Who, string] => [bob, p._id]),
      ...bobs.map((p): [Who, string] => [alice, p._id]),
      ...alices.map((p): [Who, string] => [bob, p._id]),
      [alice, MISSING],
      [alice, trashed._id],
      [bob, alices[0]!._id],
      [alice, alices[0]!._id],
    ];
    const together = await sendAloneThenTogether(
      asked.map(([who, id]) => [who, `/api/records/patients/${id}`]),
    );
    for (const [i, response] of together.entries()) {
      const [who, id] = asked[i]!;
      const found = response.statusCode === 200;
      expect(found).toBe(
        (who === alice && alices.some((p) => p._id === id)) ||
          (who === bob && bobs.some((p) => p._id === id)),
      );
      expect(await auditOf(response)).toEqual([
        {
          actor_id: who.user._id,
          patient_id: id,
          action: 'read',
          outcome: found ? 'success' : 'denied',
        },
      ]);
    }
  });
});

describe('list pages that arrive together', () => {
  it('answer each exactly as alone, in order, audit each, and go in fewer statements', async () => {
    // Second pages, through the cursors the first pages hand out.
    const secondOf = async (who: Who, limit: number) =>
      nextPageOf(await send(who, `/api/records/patients?limit=${limit}`))!;
    const asked: [Who, string][] = [
      [alice, '/api/records/patients?limit=2'],
      [bob, '/api/records/patients?limit=3'],
      [alice, await secondOf(alice, 2)],
      [bob, await secondOf(bob, 1)],
      [alice, '/api/records/patients'],
      [bob, '/api/records/patients?limit=1'],
      [alice, await secondOf(alice, 3)],
      [bob, '/api/records/patients'],
    ];
    const together = await sendAloneThenTogether(asked);
    for (const [i, response] of together.entries()) {
      const [who] = asked[i]!;
      const ids = (response.json() as TPatient[]).map((patient) => patient._id);
      const own = (who === alice ? alices : bobs).map((patient) => patient._id);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(own).toContain(id);
      expect(await auditOf(response)).toEqual([
        { actor_id: who.user._id, patient_id: null, action: 'list', outcome: 'success' },
      ]);
    }
  });
});
