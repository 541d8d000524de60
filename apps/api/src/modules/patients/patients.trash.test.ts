import { describe, expect, it } from 'vitest';
import { type AuthHeaders, useSignedInUser, useTestApp } from '../../../test/app.ts';
import {
  createPatient,
  listPatients,
  NOT_FOUND,
  patientInput,
  patientsUrl,
} from '../../../test/factories/patients.ts';

const ctx = useTestApp();
const alice = useSignedInUser(ctx);

const list = (headers: AuthHeaders, query = '') => listPatients(ctx, headers, query);

describe('DELETE and restore (trash for 30 days)', () => {
  const del = (id: string, headers = alice.headers) =>
    ctx.app.inject({ method: 'DELETE', url: patientsUrl(`/${id}`), headers });
  const restore = (id: string, headers = alice.headers) =>
    ctx.app.inject({ method: 'POST', url: patientsUrl(`/${id}/restore`), headers });

  it('moves the patient to the trash: 204, gone from GET and the list, still stored', async () => {
    const created = await createPatient(ctx, alice.headers);
    const before = await list(alice.headers, '?limit=200');
    const response = await del(created._id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const get = await ctx.app.inject({
      url: patientsUrl(`/${created._id}`),
      headers: alice.headers,
    });
    expect(get.statusCode).toBe(404);
    const after = await list(alice.headers, '?limit=200');
    expect(after.items.map((p) => p._id)).not.toContain(created._id);
    expect(after.total).toBe(before.total - 1);
    const { rows } = await ctx.database.pool.query(
      'select deleted_at from patients where id = $1',
      [created._id],
    );
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
    expect((await del(created._id)).statusCode).toBe(404);
    expect((await put404(created._id)).statusCode).toBe(404);
  });

  const put404 = (id: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: patientsUrl(`/${id}`),
      headers: alice.headers,
      payload: patientInput(),
    });

  it('restores a trashed patient unchanged, back in the list', async () => {
    const created = await createPatient(ctx, alice.headers);
    await del(created._id);
    const response = await restore(created._id);
    expect(response.statusCode).toBe(200);
    const { warnings: _w, ...patient } = created;
    expect(response.json()).toEqual(patient);
    expect(response.headers.etag).toBe(`"${created.updatedAt}"`);
    const after = await list(alice.headers, '?limit=200');
    expect(after.items.map((p) => p._id)).toContain(created._id);
    expect((await restore(created._id)).statusCode).toBe(200);
  });

  it('accepts DELETE and restore sent with a JSON content type and no body (as the web app sends them)', async () => {
    const created = await createPatient(ctx, alice.headers);
    const headers = { ...alice.headers, 'content-type': 'application/json' };
    expect((await del(created._id, headers)).statusCode).toBe(204);
    expect((await restore(created._id, headers)).statusCode).toBe(200);
  });

  it('cannot restore after 30 days, and purges what is older than 30 days', async () => {
    const old = await createPatient(ctx, alice.headers);
    const recent = await createPatient(ctx, alice.headers);
    await del(old._id);
    await del(recent._id);
    await ctx.database.pool.query(
      `update patients set deleted_at = now() - interval '31 days' where id = $1`,
      [old._id],
    );
    await ctx.database.pool.query(
      `update patients set deleted_at = now() - interval '29 days' where id = $1`,
      [recent._id],
    );
    expect((await restore(old._id)).json()).toEqual(NOT_FOUND);

    // Start-up purges (and then hourly, once across instances): an hour later, build a second
    // app on the same database.
    await ctx.database.pool.query(
      `update periodic_jobs set last_started_at = now() - interval '61 minutes'`,
    );
    const { buildApp } = await import('../../app.ts');
    const again = await buildApp({
      config: ctx.config,
      database: ctx.database,
      identity: ctx.local,
    });
    await again.ready();
    await again.close();
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id from patients where id = any($1)',
      [[old._id, recent._id]],
    );
    expect(rows.map((r) => r.id)).toEqual([recent._id]);
    const { rows: purged } = await ctx.database.pool.query(
      `select actor_id, action, outcome from audit_events where patient_id = $1 and action = 'purge'`,
      [old._id],
    );
    expect(purged).toEqual([{ actor_id: alice.user._id, action: 'purge', outcome: 'success' }]);
    expect((await restore(recent._id)).statusCode).toBe(200);
  });
});
