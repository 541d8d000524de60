// Two API instances against one on the same PostgreSQL, on this machine: the same total load
// (autocannon, separate processes) spread over one or two instances.
import os from 'node:os';
import {
  LOAD,
  measureCpuPerRequest,
  runLoad,
  writeLoadResult,
  type LoadResult,
} from './lib/load.ts';
import { printTable, seedPatients, signIn, startPortal, startPostgres } from './lib/portal.ts';

/** The load split evenly over `urls`, all at once; figures summed (req/s) or worst (p99). */
async function loadOver(urls: string[], path: string, headers: Record<string, string>) {
  const options = (url: string, seconds: number) => ({
    url: `${url}${path}`,
    headers,
    connections: LOAD.connections / urls.length,
    seconds,
  });
  // A second of unrecorded load first, so the JIT has compiled the path in every instance.
  await Promise.all(urls.map((url) => runLoad(options(url, 1))));
  const results: LoadResult[] = await Promise.all(
    urls.map((url) => runLoad(options(url, LOAD.seconds))),
  );
  return {
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

export async function benchInstances() {
  console.log(`Instances bench: ${LOAD.connections} connections in all, ${LOAD.seconds} s each…`);
  const postgres = await startPostgres();
  // One public address for both, as behind a load balancer (local tokens name it as issuer).
  const env = {
    DATABASE_URL: postgres.url,
    PUBLIC_URL: 'http://localhost:3000',
    // A load test is one user far past any per-user budget.
    USER_RATE_LIMIT_PER_MINUTE: '1000000000',
  };
  const a = await startPortal(env);
  const b = await startPortal(env);
  try {
    const doctor = await signIn(a.url, 'bench-instances@example.test');
    await seedPatients(postgres.url, doctor.userId, LOAD.patients);
    const headers = { authorization: `Bearer ${doctor.token}` };
    const page = (await (
      await fetch(`${a.url}/api/records/patients?limit=1`, { headers })
    ).json()) as { _id: string }[];
    const routes: [string, string][] = [
      ['GET /api/records/patients/{id}', `/api/records/patients/${page[0]!._id}`],
      ['GET /api/records/patients?limit=50', '/api/records/patients?limit=50'],
    ];
    // CPU per request stays comparable when other work shares the machine; req/s does not.
    const trees = { a: a.process.pid!, b: b.process.pid!, postgres: postgres.pid };
    const measured = (urls: string[], path: string) =>
      measureCpuPerRequest(trees, () => loadOver(urls, path, headers));
    const rows = [];
    for (const [route, path] of routes) {
      const one = await measured([a.url], path);
      const two = await measured([a.url, b.url], path);
      for (const [instances, r] of [
        ['1', one],
        ['2', two],
      ] as const) {
        rows.push({
          route,
          instances,
          'req/s': r.requestsPerSecond,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'vs one': (r.requestsPerSecond / one.requestsPerSecond).toFixed(2),
          'API CPU ms/req': Number((r.cpuMsPerRequest.a! + r.cpuMsPerRequest.b!).toFixed(3)),
          'PG CPU ms/req': r.cpuMsPerRequest.postgres!,
          errors: r.errors + r.non2xx,
        });
      }
    }
    const loadAverage = os.loadavg().map((value) => Number(value.toFixed(1)));
    printTable('One API instance against two on one PostgreSQL (same total load)', rows);
    console.log(`Machine load average (1, 5, 15 min) at the end: ${loadAverage.join(', ')}`);
    return writeLoadResult('instances', { patients: LOAD.patients, rows, loadAverage });
  } finally {
    await a.stop();
    await b.stop();
    await postgres.stop();
  }
}

if (import.meta.filename === process.argv[1]) await benchInstances();
