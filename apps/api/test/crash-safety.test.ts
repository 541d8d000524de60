import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/lib/free-port.ts';
import { patientInput } from './factories/patients.ts';
import {
  signInOverHttp,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from './server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function create(url: string, token: string, name: string): Promise<number | 'lost'> {
  try {
    const response = await fetch(`${url}/api/records/patients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(patientInput({ name })),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'lost';
  }
}

async function listAllNames(url: string, token: string): Promise<string[]> {
  const names: string[] = [];
  let next: string | null = `${url}/api/records/patients?limit=200`;
  while (next) {
    const response: Response = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
    const page = (await response.json()) as { name: string }[];
    names.push(...page.map((p) => p.name));
    const link = response.headers.get('link');
    const match = link ? /<([^>]+)>;\s*rel="next"/.exec(link) : null;
    next = match ? new URL(match[1]!, url).toString() : null;
  }
  return names;
}

describe('crash safety (real server process, embedded PostgreSQL, SIGKILL)', () => {
  it('keeps every acknowledged create, exactly once, across repeated SIGKILLs', async () => {
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url };
    let server: ServerProcess = spawnServer(env);
    await waitForHealth(url, server);
    const token = await signInOverHttp(url);

    const TOTAL = 1_000;
    const KILLS = 4;
    const acknowledged: string[] = [];
    let sent = 0;
    for (let round = 0; round <= KILLS; round += 1) {
      const roundEnd = Math.round((TOTAL * (round + 1)) / (KILLS + 1));
      const inFlight = new Set<Promise<void>>();
      const all: Promise<void>[] = [];
      // 20 concurrent writers; the kill lands while requests are in flight.
      const killAt = round < KILLS ? sent + Math.floor((roundEnd - sent) * 0.8) : Infinity;
      while (sent < roundEnd) {
        const name = `Crash ${String(sent).padStart(4, '0')}`;
        sent += 1;
        const request: Promise<void> = create(url, token, name).then((status) => {
          if (status === 201) acknowledged.push(name);
          inFlight.delete(request);
        });
        inFlight.add(request);
        all.push(request);
        if (inFlight.size >= 20) await Promise.race(inFlight);
        if (sent === killAt) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      }
      await Promise.all(all);
      if (round < KILLS) {
        server = spawnServer(env);
        await waitForHealth(url, server);
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
      }
    }

    const stored = await listAllNames(url, token);
    const counts = new Map<string, number>();
    for (const name of stored) counts.set(name, (counts.get(name) ?? 0) + 1);
    expect(acknowledged.length).toBeGreaterThan(TOTAL / 2);
    for (const name of acknowledged) expect(counts.get(name), name).toBe(1);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);

  it('drains in-flight requests on SIGTERM and exits 0 within 5 s', async () => {
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url };
    const server = spawnServer(env);
    await waitForHealth(url, server);
    const token = await signInOverHttp(url);
    const requests = Array.from({ length: 40 }, (_, i) => create(url, token, `Drain ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 15));
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(requests);
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);

    // Every request either completed (201 and stored) or was refused before it started
    // (503 while closing, or no connection): none was cut off after writing.
    const restarted = spawnServer(env);
    await waitForHealth(url, restarted);
    const stored = new Set(await listAllNames(url, token));
    statuses.forEach((status, i) => {
      expect([201, 503, 'lost']).toContain(status);
      expect(stored.has(`Drain ${i}`), `Drain ${i} (${status})`).toBe(status === 201);
    });
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 120_000);
});
