import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: `DATABASE_URL` when set, otherwise the embedded one in a
 * temporary folder. Each test file then makes its own fresh database (see test/database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
  fs.chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir });
  project.provide('databaseUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
