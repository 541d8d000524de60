import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { SignedInUser } from '../../e2e/support/session.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded-postgres.ts';
import { findFreePort } from '../../apps/api/src/lib/free-port.ts';
import { SERVER_NODE_ARGS } from '../../apps/api/server-node-args.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/server.js');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');

export function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${label}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * A throwaway embedded PostgreSQL; `settings` are extra server settings (`-c name=value`), `log`
 * receives its output.
 */
export async function startPostgres(
  settings: Record<string, string> = {},
  log?: (output: string) => void,
) {
  const dataDir = tempDir('pg');
  const server = await startEmbeddedPostgres({ dataDir, settings, log });
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  return {
    url: server.url,
    dataDir,
    /** The postmaster; its children are the backends that serve the API's connections. */
    pid: Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]),
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Portal {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The built portal as `npm start` runs it (default LOG_LEVEL info, its output read and dropped). */
export async function startPortal(
  env: Record<string, string> = {},
  {
    nodeArgs = [],
    entry = SERVER_ENTRY,
  }: {
    /** Node options added to the launchers' own, e.g. `--cpu-prof`. */
    nodeArgs?: string[];
    /** Another build of the server (lib/baseline.ts). */
    entry?: string;
  } = {},
): Promise<Portal> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? tempDir('data');
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, entry], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, ...env },
    // Its log goes to a pipe that is read, as a service manager or a container runtime reads it:
    // each write then costs what it costs in production, which /dev/null would hide.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  child.stderr!.resume();
  await waitHealthy(url, child);
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitHealthy(
  url: string,
  child?: ChildProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('server never became healthy');
}

/** Local sign-in: an ID token and the stored user (and its id). */
export async function signIn(url: string, email: string, name = 'Bench Doctor') {
  const token = (await (
    await fetch(`${url}/api/dev-auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name }),
    })
  ).json()) as { idToken: string };
  const login = (await (
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.idToken}` },
    })
  ).json()) as { user: SignedInUser['user'] };
  return { token: token.idToken, userId: login.user._id, user: login.user };
}

/** Inserts `count` varied patients for one owner in a single statement. */
export async function seedPatients(
  databaseUrl: string,
  ownerId: string,
  count: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into patients (owner_id, name, diagnosed_with, address, age, blood_group, gender, email, phone, emergency_phone, has_chronic_diseases)
     select $1,
       (array['Amina','Lukas','Mei','Carlos','Fatima','Noah','Aisha','Hugo','Ling','Omar'])[1 + g % 10] || ' ' ||
       (array['Smith','Garcia','Chen','Okafor','Müller','Haddad','Dubois','Nakamura','Silva','Kowalski'])[1 + (g / 10) % 10] || ' ' || g,
       (array['Hypertension','Type 2 diabetes','Asthma','Migraine','Osteoarthritis','Hypothyroidism','Anaemia'])[1 + g % 7],
       g || ' Harbour Road',
       g % 95,
       (array['A+','A-','B+','B-','AB+','AB-','O+','O-'])[1 + g % 8],
       (array['Male','Female','Other','Prefer not to say'])[1 + g % 4],
       case when g % 3 = 0 then null else 'patient' || g || '@example.test' end,
       lpad((5550000000 + g)::text, 10, '0'),
       '5559990000',
       g % 4 = 0
     from generate_series(1, $2::int) as g`,
    [ownerId, count],
  );
  await client.query('analyze patients');
  await client.end();
}

export function writeResult(name: string, result: unknown): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamped = {
    measuredAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    // The Node that ran the bench, which is the Node that ran the portal (process.execPath).
    node: process.version,
    ...(result as object),
  };
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(stamped, null, 2)}\n`);
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}
