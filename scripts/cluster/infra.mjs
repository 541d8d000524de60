// Real servers on loopback for the cluster test: Debian's PostgreSQL and Redis, and built API
// instances. Everything started here is recorded and stopped by `stopAll`, also on failure.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS } from '../../apps/api/server-node-args.mjs';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
const cleanups = [];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (initdb refuses root). */
function pgCommand(binary, args) {
  const file = path.join(PG_BIN, binary);
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
    : [file, args];
}

function run(binary, args) {
  const [command, argv] = pgCommand(binary, args);
  return execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** A throw-away PostgreSQL cluster in a temporary folder; answers its admin URL. */
export async function startPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run('pg_ctl', [
    '-D',
    data,
    '-o',
    options,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
  cleanups.push(() => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
  });
  return `postgres://postgres@127.0.0.1:${port}`;
}

/** A Redis without persistence on a free loopback port; answers its URL. */
export async function startRedis() {
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  cleanups.push(() => child.kill('SIGKILL'));
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start: ${output}`)),
      20_000,
    );
    child.once('error', reject);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return `redis://127.0.0.1:${port}`;
}

const API_BUNDLE = path.resolve(import.meta.dirname, '../../apps/api/dist/server.js');

/** One built API instance (`apps/api/dist/server.js`); its stdout is kept for the checks. */
export async function startInstance(name, env) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-cluster-${name}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, API_BUNDLE], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      // The drain check sends hundreds of requests as one user; the shared-limit check uses the
      // sign-in limit (30 a minute), so the per-user budget stays out of the way here.
      USER_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => output,
    /** Parsed JSON log lines with this message. */
    logs: (msg) =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
        .filter((line) => line.msg === msg),
  };
}

/** Waits for `GET /api/health/ready` to answer 200 (or the process to exit). */
export async function waitReady(instance, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited: ${instance.output().slice(-2000)}`);
    try {
      if ((await fetch(`${instance.url}/api/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${instance.name} never became ready: ${instance.output().slice(-2000)}`);
}

/** Stops everything started, newest first; safe to call twice. */
export function stopAll() {
  while (cleanups.length) {
    try {
      cleanups.pop()();
    } catch {
      // keep stopping the rest
    }
  }
}
