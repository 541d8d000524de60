import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { SERVER_NODE_ARGS } from '../server-node-args.mjs';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Runs the server as a real process from the run's bundle of the current sources
 * (test/global-setup.ts), as `npm start` runs dist/server.js.
 */
export function spawnServer(env: Record<string, string | undefined>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, inject('serverBundle')], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH,
      // Node 22 and 24 keep compiled code here when CI asks (scripts/test-node-lines.mjs).
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitForHealth(
  url: string,
  server: ServerProcess,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server never became healthy: ${server.output()}`);
}

/** Signs the crash tester in to a running server over HTTP (local provider): an ID token. */
export async function signInOverHttp(url: string): Promise<string> {
  const { idToken } = (await (
    await fetch(`${url}/api/dev-auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.test', name: 'Crash Tester' }),
    })
  ).json()) as { idToken: string };
  await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
  });
  return idToken;
}
