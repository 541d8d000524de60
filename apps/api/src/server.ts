import './lifecycle/v8-flags.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, migrateDatabase, type Database } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded-postgres.ts';
import { createIdentityProvider } from './providers/identity/create-identity-provider.ts';
import { createVoiceProvider } from './providers/voice/create-voice-provider.ts';
import { createPaymentsProvider } from './providers/payments/registry.ts';
import { createEarlyServer } from './lifecycle/early-server.ts';
import { bufferedStdout } from './lifecycle/log-destination.ts';
import { createReadiness } from './lifecycle/readiness.ts';

const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const SHUTDOWN_GRACE_MS = 5_000;

/** One readable line and a non-zero exit; the full error only at debug level. */
function fail(message: string, error?: unknown): never {
  process.stderr.write(`portal: ${message}\n`);
  if (error && process.env.LOG_LEVEL === 'debug') console.error(error);
  process.exit(1);
}

/** The innermost cause, in a few words: drivers wrap the network error in query errors. */
function rootCause(error: unknown): string {
  let inner = error as { cause?: unknown; code?: string; message?: string };
  while (inner.cause) inner = inner.cause as typeof inner;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    ETIMEDOUT: 'connection timed out',
    '28P01': 'password authentication failed',
    '3D000': 'database does not exist',
  };
  return (inner.code && known[inner.code]) || (inner.message ?? String(inner)).split('\n')[0]!;
}

async function openDatabase(
  config: Config,
): Promise<{ database: Database; embedded?: EmbeddedServer; migrationsApplied: number }> {
  let embedded: EmbeddedServer | undefined;
  if (!config.DATABASE_URL) {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
    } catch (error) {
      fail(error instanceof Error ? error.message : 'embedded PostgreSQL did not start', error);
    }
  }
  const url = config.DATABASE_URL ?? embedded!.url;
  // Migrations get a connection of their own without the statement timeout: building an index
  // on a large table may rightly take longer than any request should.
  const migrator = connectDatabase(url, { max: 1 });
  let migrationsApplied = 0;
  try {
    migrationsApplied = await migrateDatabase(migrator.db);
  } catch (error) {
    await migrator.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    fail(
      `cannot reach or migrate the database (${rootCause(error)}): check DATABASE_URL and that the server is up.`,
      error,
    );
  }
  await migrator.close();
  const database = connectDatabase(url, { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
  return { database, embedded, migrationsApplied };
}

function failToListen(error: unknown, config: Config): never {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE')
    fail(`port ${config.PORT} on ${config.HOST} is already in use: set PORT to a free port.`);
  if (code === 'EACCES')
    fail(`no permission to listen on port ${config.PORT}: choose a port above 1023.`);
  fail(`start-up failed: ${(error as Error).message}`, error);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Listening first: while the database starts and migrates, /api/health/ready answers 503.
  const early = createEarlyServer();
  await early
    .listen(config.PORT, config.HOST)
    .catch((error: unknown) => failToListen(error, config));
  const readiness = createReadiness();
  const { database, embedded, migrationsApplied } = await openDatabase(config);
  let app: FastifyInstance;
  const logStream = bufferedStdout();
  try {
    const identity = await createIdentityProvider(config, { db: database.db });
    const voice = await createVoiceProvider(config);
    const payments = await createPaymentsProvider(config);
    app = await buildApp({
      config,
      database,
      identity,
      voice,
      payments,
      webDistDir: WEB_DIST_DIR,
      readiness,
      logStream,
      serverFactory: early.serverFactory,
    });
    await app.ready();
    early.attach();
  } catch (error) {
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    fail(`start-up failed: ${(error as Error).message}`, error);
  }
  app.log.info(
    {
      url: config.PUBLIC_URL,
      database: embedded ? 'embedded' : 'DATABASE_URL',
      migrationsApplied,
    },
    'portal ready',
  );
  // Whoever started the server (an operator, a service manager, a cluster's health check) reads
  // this line as soon as the server answers: it is not left waiting in the batch.
  try {
    logStream.flushSync();
  } catch {
    // standard output is gone: the server runs on without its log
  }

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal, drainDelayMs: config.DRAIN_DELAY_MS }, 'shutting down');
    const force = setTimeout(
      () => process.exit(1),
      config.DRAIN_DELAY_MS + SHUTDOWN_GRACE_MS + 5_000,
    );
    force.unref();
    // Readiness answers 503 from now on; requests are still served for DRAIN_DELAY_MS, long
    // enough for the load balancer to notice and stop sending here.
    readiness.markDraining();
    await new Promise((resolve) => setTimeout(resolve, config.DRAIN_DELAY_MS));
    // Stop accepting connections and let in-flight requests finish. Answers carry
    // `Connection: close` while draining, and idle keep-alive connections are closed as they
    // appear, instead of waiting for the keep-alive timeout.
    const { server } = app;
    const closing = new Promise<void>((resolve) => server.close(() => resolve()));
    const sweeper = setInterval(() => server.closeIdleConnections(), 50);
    const drained = await Promise.race([
      closing.then(() => true),
      new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS).unref(),
      ),
    ]);
    clearInterval(sweeper);
    if (!drained) server.closeAllConnections();
    // Then the app's own resources (timers, listeners, the rate-limit store), then the database.
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) =>
  fail(`start-up failed: ${error instanceof Error ? error.message : String(error)}`, error),
);
