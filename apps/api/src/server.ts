import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, migrateDatabase, type Database } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded-postgres.ts';
import { createIdentityProvider } from './providers/identity/create-identity-provider.ts';
import { createVoiceProvider } from './providers/voice/create-voice-provider.ts';
import { createPaymentsProvider } from './providers/payments/create-payments-provider.ts';

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
): Promise<{ database: Database; embedded?: EmbeddedServer }> {
  let embedded: EmbeddedServer | undefined;
  if (!config.DATABASE_URL) {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
    } catch (error) {
      fail(error instanceof Error ? error.message : 'embedded PostgreSQL did not start', error);
    }
  }
  const database = connectDatabase(config.DATABASE_URL ?? embedded!.url);
  try {
    await migrateDatabase(database.db);
  } catch (error) {
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    fail(
      `cannot reach or migrate the database (${rootCause(error)}): check DATABASE_URL and that the server is up.`,
      error,
    );
  }
  return { database, embedded };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const { database, embedded } = await openDatabase(config);
  let app: FastifyInstance;
  try {
    const identity = await createIdentityProvider(config);
    const voice = createVoiceProvider(config);
    const payments = createPaymentsProvider(config);
    app = await buildApp({ config, database, identity, voice, payments, webDistDir: WEB_DIST_DIR });
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      fail(`port ${config.PORT} on ${config.HOST} is already in use: set PORT to a free port.`);
    if (code === 'EACCES')
      fail(`no permission to listen on port ${config.PORT}: choose a port above 1023.`);
    fail(`start-up failed: ${(error as Error).message}`, error);
  }
  app.log.info(
    { url: config.PUBLIC_URL, database: embedded ? 'embedded' : 'DATABASE_URL' },
    'portal ready',
  );

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5_000);
    force.unref();
    // Close HTTP first (drains in-flight requests), then the database, then exit.
    const closing = app.close();
    // Keep-alive connections become idle once their in-flight request is answered: close
    // them then, instead of waiting for the keep-alive timeout.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    const drained = await Promise.race([
      closing.then(() => true),
      new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS).unref(),
      ),
    ]);
    clearInterval(sweeper);
    if (!drained) app.server.closeAllConnections();
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
