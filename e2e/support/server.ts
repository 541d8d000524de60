import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runningEmbeddedUrl } from '../../apps/api/src/db/embedded-postgres.ts';
import { findFreePort } from '../../apps/api/src/lib/free-port.ts';
import { SERVER_NODE_ARGS } from '../../apps/api/server-node-args.mjs';
import { storedSensitiveValues } from '../../scripts/log-hygiene-values.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/server.js');
/** Where every server's output goes, for the log-hygiene check after the suite. */
export const RESULTS_DIR = path.join(ROOT, '.test-results');
/** The shared server's directory reviewer (DIRECTORY_REVIEWERS), who approves through the API. */
export const DIRECTORY_REVIEWER = 'directory-reviewer@example.test';
/** The shared server's Support staff (SUPPORT_EMAILS), who answer the Support desk. */
export const SUPPORT_STAFF = 'support-staff@example.test';
const SECRET_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'RETELL_API_KEY'];

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The values a server stored (scripts/log-hygiene-values.mjs), with the secrets it was given,
 * appended to `.test-results/e2e-sensitive.jsonl` before it stops: what its logs must not
 * contain.
 */
async function recordSensitiveValues(dataDir: string, env: Record<string, string | undefined>) {
  const url = env.DATABASE_URL ?? runningEmbeddedUrl(dataDir);
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const values = await storedSensitiveValues(client);
    const secrets = SECRET_VARIABLES.map((name) => env[name]).filter(Boolean);
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.appendFileSync(
      path.join(RESULTS_DIR, 'e2e-sensitive.jsonl'),
      `${JSON.stringify({ dataDir, secrets, values })}\n`,
    );
  } catch {
    // A server that never migrated (a start-up failure test) stored nothing.
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts the built portal (API + web app) on a free loopback port with its own data folder
 * and embedded PostgreSQL. `env` adds configuration, e.g. a fake Retell server.
 */
export async function startServer({
  env = {},
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')),
  logFile,
}: {
  env?: Record<string, string>;
  dataDir?: string;
  /** Where its output is appended; default `.test-results/e2e-servers/server-<port>.log`. */
  logFile?: string;
} = {}): Promise<RunningServer> {
  fs.chmodSync(dataDir, 0o755);
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const logPath = logFile ?? path.join(RESULTS_DIR, 'e2e-servers', `server-${port}.log`);
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.createWriteStream(logPath, { flags: 'a' });
  let output = '';
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  child.once('exit', () => log.end());
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        await recordSensitiveValues(dataDir, { ...process.env, ...env });
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
