// `npm run test:cluster`: two built API instances on one PostgreSQL (Debian's, in a temporary
// folder) and one Redis, all on loopback, proving that nothing works only inside one process.
// Ends with one line `N passed, N failed`; everything it started is stopped, also on failure.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildIfStale } from './build-if-stale.mjs';
import {
  checkCountInvalidation,
  checkMigratedOnce,
  checkPurgedOnce,
  checkSharedRateLimit,
  checkSharedSignIn,
} from './cluster/checks.mjs';
import { checkDrainUnderLoad } from './cluster/drain.mjs';
import { CLUSTER_SUPPORT_EMAIL, checkMessageAcrossInstances } from './cluster/messages.mjs';
import { startInstance, startPostgres, startRedis, stopAll, waitReady } from './cluster/infra.mjs';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.test-results');
const CHECK_TIMEOUT_MS = 90_000;
const WHOLE_RUN_TIMEOUT_MS = 8 * 60_000;

let passed = 0;
let failed = 0;
/** Names of the failed checks, repeated at the end (CI logs are cut at the top). */
const failures = [];
const finish = (code) => {
  stopAll();
  for (const name of failures) console.log(`  ✗ ${name}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  // For scripts/test-node-lines.mjs (CI), which adds it to the closing line of the whole run.
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(
    path.join(RESULTS, 'summary.json'),
    JSON.stringify({ passed, failed, failures }),
  );
  process.exit(code);
};
const watchdog = setTimeout(() => {
  console.error('cluster test: over its time limit, stopping everything');
  failed += 1;
  failures.push('the whole run, over its time limit');
  finish(1);
}, WHOLE_RUN_TIMEOUT_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => finish(1));

async function check(name, run) {
  const started = Date.now();
  let timer;
  try {
    const note = await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`over ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    passed += 1;
    console.log(`  ✓ ${name} (${Date.now() - started} ms)${note ? `: ${note}` : ''}`);
    return true;
  } catch (error) {
    failed += 1;
    failures.push(name);
    console.log(`  ✗ ${name}\n    ${error instanceof Error ? error.message : String(error)}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

async function main() {
  buildIfStale({ quiet: true });
  const adminUrl = await startPostgres();
  const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await admin.connect();
  await admin.query('create database portal');
  await admin.end();
  const databaseUrl = `${adminUrl}/portal`;
  const redisUrl = await startRedis();
  console.log('cluster: PostgreSQL 15 and Redis on loopback, two API instances');

  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DRAIN_DELAY_MS: '1000',
    SUPPORT_EMAILS: CLUSTER_SUPPORT_EMAIL,
  };
  const a = await startInstance('A', env);
  const b = await startInstance('B', env);
  const cluster = { a, b, databaseUrl };
  const isUp = await check(
    'both instances, started together on an empty database, become ready',
    async () => void (await Promise.all([waitReady(a), waitReady(b)])),
  );
  if (!isUp) return;
  await check('both migrate once: each migration applied by one instance', () =>
    checkMigratedOnce(cluster),
  );
  await check('the start-up trash purge runs once across the instances', () =>
    checkPurgedOnce(cluster),
  );
  await check('a local sign-in token from A is accepted by B', () => checkSharedSignIn(cluster));
  await check(
    'a patient created through one instance changes X-Total-Count on the other at once',
    () => checkCountInvalidation(cluster),
  );
  await check("a user's limit is shared: past 30 sign-ins, 429 on either instance", () =>
    checkSharedRateLimit(cluster),
  );
  await check(
    'a message written through one instance reaches a stream reader connected to the other',
    () => checkMessageAcrossInstances(cluster),
  );
  await check('SIGTERM to A under load through both loses no request retried on B', () =>
    checkDrainUnderLoad(cluster),
  );
}

main().then(
  () => finish(failed === 0 ? 0 : 1),
  (error) => {
    console.error(`cluster test: ${error instanceof Error ? error.message : String(error)}`);
    failed += 1;
    failures.push('set-up (PostgreSQL, Redis or an instance did not start)');
    finish(1);
  },
);
