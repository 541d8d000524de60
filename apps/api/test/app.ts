import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import {
  createLocalIdentityProvider,
  type LocalIdentityProvider,
} from '../src/providers/identity/local.ts';
import { loadLocalSigningKey } from '../src/providers/identity/local-signing-key.ts';
import { createPaymentsProvider } from '../src/providers/payments/registry.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { storedSensitiveValues as storedValuesOf } from '../../../scripts/log-hygiene-values.mjs';

/**
 * Log hygiene after the whole suite: every app's log lines are appended to
 * `.test-results/api-logs.jsonl`, and the values it stored, with the provider secrets it was
 * given, to `.test-results/api-sensitive.jsonl`, when the app closes
 * (or the test process exits). `scripts/check-log-hygiene.mjs` then looks for them in the logs.
 */
const RESULTS_DIR = path.resolve(import.meta.dirname, '../../../.test-results');
const unflushed = new Set<() => void>();
process.once('exit', () => unflushed.forEach((flush) => flush()));

function appendResult(file: string, text: string) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.appendFileSync(path.join(RESULTS_DIR, file), text);
}

function currentTestFile(): string {
  const testPath = expect.getState().testPath;
  return testPath ? path.relative(path.resolve(import.meta.dirname, '..'), testPath) : 'unknown';
}

/**
 * The values stored in this app's database that its logs must not contain: every text and
 * jsonb column of every table but a reviewed few (scripts/log-hygiene-values.mjs).
 */
export async function storedSensitiveValues(database: Database): Promise<string[]> {
  return storedValuesOf(database.pool);
}

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  local: LocalIdentityProvider;
  /** Every log line the app wrote, for log-hygiene assertions. */
  logs: string[];
  /**
   * Text the test itself sent where the server logs it (a path, a request id): stored values
   * found in it are not reported as leaks by the suite-wide log-hygiene check.
   */
  sentByClient(text: string): void;
  close(): Promise<void>;
}

/**
 * The whole API in-process on a fresh database, with the local identity provider.
 * `env` overrides configuration variables; `deps` replaces providers with fakes.
 */
export async function createTestApp({
  env = {},
  deps = {},
  beforeReady,
  shareLogs = true,
}: {
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
  /** False keeps this app's logs out of the suite-wide log-hygiene check (tests of the check). */
  shareLogs?: boolean;
  /** Adds test-only routes before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void;
} = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env });
  const database = await createTestDatabase({ statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
  const local = await createLocalIdentityProvider({
    privateJwk: await loadLocalSigningKey(database.db),
    publicUrl: config.PUBLIC_URL,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    identity: local,
    payments: await createPaymentsProvider(config),
    logStream: stream,
    // The job queue (pg-boss) runs in the real server's tests; here tests call the jobs' work.
    isRunningJobs: false,
    ...deps,
  });
  beforeReady?.(app);
  await app.ready();
  const testFile = currentTestFile();
  let flushedLines = 0;
  const flushLogs = () => {
    if (!shareLogs || flushedLines === logs.length) return;
    appendResult(
      'api-logs.jsonl',
      `${JSON.stringify({ testFile })}\n${logs.slice(flushedLines).join('')}`,
    );
    flushedLines = logs.length;
  };
  unflushed.add(flushLogs);
  const clientTexts: string[] = [];
  return {
    app,
    config,
    database,
    local,
    logs,
    sentByClient: (text) => void clientTexts.push(text),
    async close() {
      await app.close();
      flushLogs();
      unflushed.delete(flushLogs);
      if (shareLogs) {
        const secrets = [
          config.STRIPE_SECRET_KEY,
          config.STRIPE_WEBHOOK_SECRET,
          config.RETELL_API_KEY,
          config.SMTP_URL,
        ];
        const sent = clientTexts.join('\n');
        const values = (await storedSensitiveValues(database).catch(() => [])).filter(
          (value) => !sent.includes(value),
        );
        appendResult(
          'api-sensitive.jsonl',
          `${JSON.stringify({ testFile, secrets: secrets.filter(Boolean), values })}\n`,
        );
      }
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The calling test file's app: `createTestApp(options)` before its tests, closed after them.
 * Call it at the file's top level; the object it answers is filled in by the file's first
 * `beforeAll`, so read it in hooks and tests, not while the file loads.
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(options));
  });
  afterAll(() => ctx.close());
  return ctx;
}

let counter = 0;

/** Request headers for a test's calls: a signed-in user's token (`signIn`'s `headers`) and any more. */
export type AuthHeaders = Record<string, string>;

/** Signs a new (or the named) user in through the local provider: `{ token, user, headers }`. */
export async function signIn(
  ctx: Pick<TestContext, 'app' | 'local'>,
  { email, name, timeZone }: { email?: string; name?: string; timeZone?: string } = {},
) {
  counter += 1;
  const { idToken } = await ctx.local.issueIdToken({
    email: email ?? `user${counter}-${process.pid}@example.test`,
    name: name ?? `Test User ${counter}`,
  });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: `Bearer ${idToken}` },
    // Each test user signs in from its own address, as real users do: the sign-in rate
    // limit is per address, and a test file signs many users in within a minute.
    remoteAddress: `198.51.100.${counter % 250}`,
    // The browser sends its time zone; without one the body stays empty, which sign-in accepts.
    ...(timeZone && { payload: { timeZone } }),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const { user } = response.json() as {
    user: { _id: string; email: string; name: string; premiumMember: boolean };
  };
  return { token: idToken, user, headers: { authorization: `Bearer ${idToken}` } };
}

/**
 * One user signed in for the calling test file, as `useTestApp`: call it at the file's top
 * level, after `useTestApp`; the object it answers is filled in by a `beforeAll`.
 */
export function useSignedInUser(
  ctx: TestContext,
  options?: Parameters<typeof signIn>[1],
): Awaited<ReturnType<typeof signIn>> {
  const session = {} as Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    Object.assign(session, await signIn(ctx, options));
  });
  return session;
}
