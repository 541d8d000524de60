import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from './lib/free-port.ts';
import { createTestDatabase } from '../test/database.ts';
import { spawnServer, waitForHealth } from '../test/server-process.ts';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
  fs.chmodSync(dir, 0o755);
  tempDirs.push(dir);
  return dir;
}
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The one line a person reads: no stack trace, the variable or cause named. */
function expectOneClearLine(output: string, pattern: RegExp) {
  const lines = output.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(output).not.toMatch(/\n\s+at /);
}

// Real processes (start-up, initdb): generous time on a loaded 2-core machine.
describe('server start-up', { timeout: 120_000 }, () => {
  it('stops with one line naming PORT for PORT=abc', async () => {
    const server = spawnServer({ PORT: 'abc', DATA_DIR: tempDir() });
    expect(await server.exited).not.toBe(0);
    expectOneClearLine(
      server.output(),
      /^portal: Invalid configuration: PORT must be a whole number/,
    );
  });

  it('refuses the local providers on a public address, naming the variables in one line', async () => {
    const server = spawnServer({ HOST: '0.0.0.0', DATA_DIR: tempDir() });
    expect(await server.exited).not.toBe(0);
    expectOneClearLine(
      server.output(),
      /^portal: Invalid configuration: HOST cannot be a non-loopback address while AUTH_PROVIDER=local and PAYMENTS_PROVIDER=local .*LOCAL_PROVIDERS_ALLOW_REMOTE=true.* \(got "0\.0\.0\.0"\)\.$/,
    );
  });

  it('stops with one line for a javascript: URL', async () => {
    const server = spawnServer({ PUBLIC_URL: 'javascript:alert(1)', DATA_DIR: tempDir() });
    expect(await server.exited).not.toBe(0);
    expectOneClearLine(
      server.output(),
      /^portal: Invalid configuration: PUBLIC_URL must be an http\(s\) URL/,
    );
  });

  it('names an occupied port', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    const database = await createTestDatabase();
    const server = spawnServer({
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: tempDir(),
    });
    expect(await server.exited).not.toBe(0);
    blocker.close();
    await database.drop();
    expectOneClearLine(server.output(), new RegExp(`port ${port} on 127.0.0.1 is already in use`));
  });

  it('names an unwritable DATA_DIR', async () => {
    // A path below a regular file can never be created, even by root.
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, '');
    const server = spawnServer({ PORT: String(await findFreePort()), DATA_DIR: `${file}/data` });
    expect(await server.exited).not.toBe(0);
    expectOneClearLine(server.output(), /^portal: DATA_DIR .*not-a-folder\/data is not writable/);
  });

  it('explains a database that is down', async () => {
    const downPort = await findFreePort();
    const server = spawnServer({
      PORT: String(await findFreePort()),
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://portal:secret@127.0.0.1:${downPort}/portal`,
    });
    expect(await server.exited).not.toBe(0);
    expectOneClearLine(
      server.output(),
      /cannot reach or migrate the database \(connection refused\)/,
    );
    expect(server.output()).not.toContain('secret');
  });

  it('exits 0 on SIGTERM after closing the server and the database', async () => {
    const database = await createTestDatabase();
    const port = await findFreePort();
    const server = spawnServer({
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: tempDir(),
    });
    await waitForHealth(`http://127.0.0.1:${port}`, server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await database.drop();
  });

  it('starts its own PostgreSQL in DATA_DIR and keeps the data across a restart', async () => {
    // Skipped only when the whole run uses an external server instead of the embedded one.
    if (process.env.DATABASE_URL) return;
    expect(inject('databaseUrl')).toMatch(/^postgres:\/\//);
    const dataDir = tempDir();
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const signIn = async () => {
      const token = await fetch(`${url}/api/dev-auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'restart@example.test', name: 'Restart Check' }),
      }).then((r) => r.json() as Promise<{ idToken: string }>);
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.idToken}` },
      });
      return ((await login.json()) as { user: { _id: string; createdAt: string } }).user;
    };

    const first = spawnServer({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url });
    await waitForHealth(url, first);
    const before = await signIn();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = spawnServer({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url });
    await waitForHealth(url, second);
    const after = await signIn();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(after).toEqual(before);
  });
});
