import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { connectDatabase, migrateDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { createLocalIdentityProvider } from '../../apps/api/src/providers/identity/local.ts';
import { loadLocalSigningKey } from '../../apps/api/src/providers/identity/local-signing-key.ts';
import { startPostgres, tempDir } from './portal.ts';

/** What a bench gets to work with: the app, its database and the identity that signs users in. */
export interface InProcessApi {
  app: FastifyInstance;
  database: Database;
  identity: Awaited<ReturnType<typeof createLocalIdentityProvider>>;
}

/**
 * Runs `measure` on the API built in-process from the sources, against a fresh embedded
 * PostgreSQL (migrated), logging nothing and with the per-user rate limit out of the way (a
 * bench sends far more than a person could); then closes and removes all of it.
 */
export async function withInProcessApi<T>(
  label: string,
  measure: (api: InProcessApi) => Promise<T>,
): Promise<T> {
  const postgres = await startPostgres();
  const dataDir = tempDir(label);
  const database = connectDatabase(postgres.url);
  try {
    await migrateDatabase(database.db);
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      USER_RATE_LIMIT_PER_MINUTE: '1000000000',
    });
    const identity = await createLocalIdentityProvider({
      privateJwk: await loadLocalSigningKey(database.db),
      publicUrl: config.PUBLIC_URL,
    });
    const app = await buildApp({ config, database, identity });
    try {
      return await measure({ app, database, identity });
    } finally {
      await app.close();
    }
  } finally {
    await database.close().catch(() => {});
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
