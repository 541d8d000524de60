import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../app.ts';

/**
 * scripts/check-log-hygiene.mjs, the check `npm test` runs after every suite, must fail when
 * an app logs a token or a patient field. This app leaks on purpose through a test-only route,
 * so its logs stay out of the suite-wide check (`shareLogs: false`).
 */

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/check-log-hygiene.mjs');
const PATIENT_NAME = 'Quenby Leakington';

let ctx: TestContext;
let user: Awaited<ReturnType<typeof signIn>>;
let dir: string;
let cleanLogLines: number;

beforeAll(async () => {
  ctx = await createTestApp({
    shareLogs: false,
    beforeReady: (app) =>
      app.post('/api/test-only/leak', async (request) => {
        request.log.info(
          { authorization: request.headers.authorization, body: request.body },
          'a careless log line',
        );
        return { ok: true };
      }),
  });
  user = await signIn(ctx);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/records/patients',
    headers: user.headers,
    payload: {
      name: PATIENT_NAME,
      diagnosedWith: 'Leaky gut',
      address: '9 Leak Street',
      age: 61,
      bloodGroup: 'AB-',
      gender: 'Female',
      phone: '5557771234',
      emergencyContact: { phone: '5557775678' },
    },
  });
  expect(created.statusCode).toBe(201);
  await ctx.app.inject({
    url: `/api/records/patients?q=${encodeURIComponent(PATIENT_NAME)}`,
    headers: user.headers,
  });
  cleanLogLines = ctx.logs.length;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-log-hygiene-'));
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function check(logLines: string[]) {
  fs.writeFileSync(path.join(dir, 'api-logs.jsonl'), logLines.join(''));
  fs.writeFileSync(
    path.join(dir, 'api-sensitive.jsonl'),
    `${JSON.stringify({ values: [PATIENT_NAME, '9 Leak Street', '5557771234'], secrets: [] })}\n`,
  );
  const run = spawnSync(process.execPath, [SCRIPT, '--dir', dir, '--only', 'api'], {
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('the log-hygiene check', () => {
  it('passes on the logs of a normal session: sign-in, a create and a search by name', () => {
    const { status, output } = check(ctx.logs.slice(0, cleanLogLines));
    expect(output).toContain('✓ api: no ID token (JWT)');
    expect(output).toContain('✓ api: no patient or profile field value');
    expect(status).toBe(0);
  });

  it('fails, naming the line, when a token and a patient field are logged', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/test-only/leak',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: { name: PATIENT_NAME },
    });
    const { status, output } = check(ctx.logs);
    expect(status).toBe(1);
    expect(output).toContain('✗ api: no ID token (JWT)');
    expect(output).toContain('✗ api: no bearer credential');
    expect(output).toContain('✗ api: no patient or profile field value');
    expect(output).toMatch(/api-logs\.jsonl:\d+ Quen…\(17 chars\)/);
    // The report itself does not repeat what it found.
    expect(output).not.toContain(user.token.slice(0, 40));
    expect(output).not.toContain(PATIENT_NAME);
  });

  it('fails when there is nothing to check (a suite that did not run is not a clean one)', () => {
    const { status, output } = check([]);
    expect(status).toBe(1);
    expect(output).toContain('✗ api: logs were written');
  });
});
