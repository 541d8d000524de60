import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { bundleServer } from '../bundle.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A database migrated once for the run, which test/database.ts copies for each file. */
    templateDatabase: string;
    /** The current sources bundled as `npm start` runs them (test/server-process.ts). */
    serverBundle: string;
  }
}

const THROWAWAY_CLUSTER = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

/**
 * One PostgreSQL for the whole run: `DATABASE_URL` when set, otherwise the embedded one in a
 * temporary folder. Each test file then makes its own fresh database (see test/database.ts) as a
 * copy of one migrated here once: a copy is a file copy, where migrating each of ~60 databases
 * replayed every migration (extensions, constraints, indexes) in each.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stopServer = async () => {};
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    // A throwaway cluster: nothing in it must survive a power cut, so it does not wait for the
    // disk. (The servers the crash tests spawn keep the defaults: durability is what they test.)
    const server = await startEmbeddedPostgres({ dataDir, settings: THROWAWAY_CLUSTER });
    adminUrl = server.url;
    stopServer = async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const template = `test_template_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  // Closed before any copy: PostgreSQL copies a template nobody is connected to.
  const database = connectDatabase(url.toString(), { max: 1 });
  try {
    await migrateDatabase(database.db);
  } finally {
    await database.close();
  }
  project.provide('databaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  // Bundled once for the run: each server process then starts without transforming the API's
  // TypeScript modules through tsx (docs/decisions/0017-bundle-for-server-process-tests.md).
  const serverBundle = path.join(
    import.meta.dirname,
    '../dist',
    `test-server-${crypto.randomBytes(6).toString('hex')}.js`,
  );
  await bundleServer({ outfile: serverBundle, sourcemap: false });
  project.provide('serverBundle', serverBundle);
  return async () => {
    fs.rmSync(serverBundle, { force: true });
    await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    await stopServer();
  };
}

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
