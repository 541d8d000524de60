import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import {
  createLocalIdentityProvider,
  type LocalIdentityProvider,
} from '../src/providers/identity/local.ts';
import { createPaymentsProvider } from '../src/providers/payments/create-payments-provider.ts';
import { createTestDatabase } from './database.ts';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: Database & { drop(): Promise<void>; url: string };
  local: LocalIdentityProvider;
  /** Every log line the app wrote, for log-hygiene assertions. */
  logs: string[];
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
}: {
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
  /** Adds test-only routes before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void;
} = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env });
  const database = await createTestDatabase();
  const local = await createLocalIdentityProvider({ dataDir, publicUrl: config.PUBLIC_URL });
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
    payments: createPaymentsProvider(config),
    logStream: stream,
    ...deps,
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    local,
    logs,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Signs a new (or the named) user in through the local provider: `{ token, user, headers }`. */
export async function signIn(
  ctx: Pick<TestContext, 'app' | 'local'>,
  { email, name }: { email?: string; name?: string } = {},
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
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const { user } = response.json() as {
    user: { _id: string; email: string; name: string; premiumMember: boolean };
  };
  return { token: idToken, user, headers: { authorization: `Bearer ${idToken}` } };
}
