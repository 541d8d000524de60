// The API against PostgreSQL doing the same work: for each request, the statements it sends
// (read from PostgreSQL's statement log), then wrk on the API and pgbench on those very statements
// with the very values, on the same database one after the other, each for BENCH_SECONDS on
// BENCH_CONNECTIONS connections and two threads. Then the read and the list at a fixed 500 req/s
// (evenly spaced, at most BENCH_CONNECTIONS at once),
// and the API's peak memory. BENCH_BASELINE=<commit> also runs that commit's build in the same
// run, on the same database, before this one: the "before" columns. BENCH_REQUESTS=get,list
// measures only those requests.
//   npm run api-vs-postgres -w bench
// Needs Debian's `wrk` and `postgresql` (for pgbench), or WRK and PGBENCH pointing at them.
import fs from 'node:fs';
import { BENCH_DOCTOR, prepareBenchRequests, ROUTE_PATIENTS, sendOnce } from './lib/api-routes.ts';
import { buildBaseline } from './lib/baseline.ts';
import { runFixedRate } from './lib/fixed-rate.ts';
import { LOAD, measureCpuPerRequest, sampleMemory, writeLoadResult } from './lib/load.ts';
import { pgbenchPath, runPgbench } from './lib/pgbench.ts';
import {
  printTable,
  signIn,
  startPortal,
  startPostgres,
  tempDir,
  type Portal,
} from './lib/portal.ts';
import { createStatementLog, type LoggedStatement } from './lib/statement-log.ts';
import { runWrk, WRK, type WrkRequest } from './lib/wrk.ts';

/** `off` on both sides, as the comparison was first measured; `on` measures durable commits. */
const SYNCHRONOUS_COMMIT = process.env.BENCH_SYNCHRONOUS_COMMIT ?? 'off';
const BASELINE = process.env.BENCH_BASELINE;
const TARGET_RATIO = 0.5;

/** pgbench's mode for a request: named statements prepared once, unnamed ones parsed each time. */
function modeOf(statements: LoggedStatement[]): 'prepared' | 'extended' {
  return statements.some((s) => s.extended && s.name === null) ? 'extended' : 'prepared';
}

/** What the bench needs beyond npm's packages, or null when all is there. */
function missingTools(): string | null {
  const missing = [];
  if (!fs.existsSync(WRK)) missing.push('wrk');
  try {
    pgbenchPath();
  } catch {
    missing.push('pgbench (Debian package postgresql)');
  }
  return missing.length > 0 ? missing.join(' and ') : null;
}

export async function benchApiVsPostgres() {
  const missing = missingTools();
  if (missing) {
    console.log(
      `API against PostgreSQL: skipped, ${missing} not installed (apt-get install wrk postgresql).`,
    );
    return null;
  }
  console.log(
    `API against PostgreSQL: ${ROUTE_PATIENTS} patients, ${LOAD.connections} connections, ${LOAD.seconds} s each, synchronous_commit ${SYNCHRONOUS_COMMIT}${BASELINE ? `, before: ${BASELINE}` : ''}…`,
  );
  const baseline = BASELINE ? buildBaseline(BASELINE) : undefined;
  const statementLog = createStatementLog();
  const postgres = await startPostgres(
    { synchronous_commit: SYNCHRONOUS_COMMIT, ...statementLog.settings },
    statementLog.append,
  );
  // Both builds share the data folder, so one sign-in serves both.
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: tempDir('data'),
    USER_RATE_LIMIT_PER_MINUTE: '1000000000',
  };
  const portal = await startPortal(env);
  let before: Portal | undefined;
  try {
    if (baseline) before = await startPortal(env, { entry: baseline.entry });
    const requests = await prepareBenchRequests(portal.url, postgres.url);
    const memory = sampleMemory(portal.process.pid!);
    const rows = [];
    const statementsByRequest: Record<string, string[]> = {};
    // A token names the server that issued it (PUBLIC_URL): the other build signs in itself.
    const beforeToken = before && (await signIn(before.url, BENCH_DOCTOR)).token;
    /** The request sent to one build (its address, its token). */
    const toServer = <R extends WrkRequest & { url: string }>(server: Portal, request: R): R => ({
      ...request,
      url: request.url.replace(portal.url, server.url),
      headers:
        server === before
          ? { ...request.headers, authorization: `Bearer ${beforeToken}` }
          : request.headers,
    });
    /** wrk on one build: its rate, p99 and CPU per request (its own and PostgreSQL's). */
    const loadApi = async (server: Portal, request: WrkRequest & { url: string }) => {
      const load = { ...toServer(server, request), connections: LOAD.connections };
      await runWrk({ ...load, seconds: 1 });
      const trees = { api: server.process.pid!, postgres: postgres.pid };
      return measureCpuPerRequest(trees, () => runWrk({ ...load, seconds: LOAD.seconds }));
    };
    for (const request of requests) {
      const statements = await statementLog.capture({ databaseUrl: postgres.url }, () =>
        sendOnce(request),
      );
      statementsByRequest[request.label] = statements.map(
        (s) => (s.name ? `${s.name}: ` : '') + s.text.replace(/\s+/g, ' '),
      );
      const mode = modeOf(statements);
      const old = before && (await loadApi(before, request));
      const api = await loadApi(portal, request);
      const sqlRun = { databaseUrl: postgres.url, statements, mode, clients: LOAD.connections };
      await runPgbench({ ...sqlRun, seconds: 1 });
      const sql = await measureCpuPerRequest({ postgres: postgres.pid }, () =>
        runPgbench({ ...sqlRun, seconds: LOAD.seconds }),
      );
      const ratio = (rate: number) => Number((rate / sql.requestsPerSecond).toFixed(2));
      rows.push({
        request: request.label,
        statements: statements.length,
        'pgbench mode': mode,
        'pgbench tx/s': sql.requestsPerSecond,
        ...(old && {
          'before req/s': old.requestsPerSecond,
          'before ÷ PG': ratio(old.requestsPerSecond),
          'before CPU ms/req': old.cpuMsPerRequest.api!,
        }),
        'API req/s': api.requestsPerSecond,
        'API ÷ PG': ratio(api.requestsPerSecond),
        'API CPU ms/req': api.cpuMsPerRequest.api!,
        'API p99 ms': api.p99,
        'PG CPU ms/req': api.cpuMsPerRequest.postgres!,
        'PG CPU ms/tx (pgbench)': sql.cpuMsPerRequest.postgres!,
        errors: api.errors + api.non2xx + (old ? old.errors + old.non2xx : 0),
      });
    }
    const fixed = [];
    for (const server of [before, portal]) {
      if (!server) continue;
      for (const request of requests.slice(0, 2)) {
        const { label, url, headers } = toServer(server, request);
        const r = await runFixedRate({ url, headers, rate: 500, seconds: LOAD.seconds });
        fixed.push({
          build: server === before ? 'before' : 'this',
          request: label,
          'req/s': r.requestsPerSecond,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          target: 'p99 ≤ 10 ms',
          errors: r.errors + r.non2xx,
        });
      }
    }
    const peakMemoryMiB = memory.stop();
    printTable(
      `API against pgbench on the same statements (target: get and list ≥ ${TARGET_RATIO})`,
      rows,
    );
    printTable('At a fixed 500 req/s, evenly spaced (lib/fixed-rate.ts)', fixed);
    console.log(`Peak API memory under load: ${peakMemoryMiB} MiB (target ≤ 250 MB)`);
    if (process.env.SHOW_STATEMENTS) console.log(JSON.stringify(statementsByRequest, null, 2));
    return writeLoadResult('api-vs-postgres', {
      patients: ROUTE_PATIENTS,
      synchronousCommit: SYNCHRONOUS_COMMIT,
      baseline: BASELINE ?? null,
      rows,
      fixed,
      peakMemoryMiB,
      statements: statementsByRequest,
    });
  } finally {
    await before?.stop();
    await portal.stop();
    await postgres.stop();
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    baseline?.remove();
  }
}

if (import.meta.filename === process.argv[1]) await benchApiVsPostgres();
