// API throughput against the ceiling of a bare Fastify route, all in one run on this machine.
import { spawn } from 'node:child_process';
import { findFreePort } from '../apps/api/src/lib/free-port.ts';
import { NEW_PATIENT, settle } from './lib/api-routes.ts';
import { runFixedRate } from './lib/fixed-rate.ts';
import {
  LOAD,
  measureCpuPerRequest,
  runLoad,
  sampleMemory,
  writeLoadResult,
  type LoadResult,
} from './lib/load.ts';
import {
  printTable,
  seedPatients,
  signIn,
  startPortal,
  startPostgres,
  waitHealthy,
} from './lib/portal.ts';

type Measured = LoadResult & { cpuMsPerRequest: Record<string, number> };

async function measureCeiling(): Promise<LoadResult> {
  const port = await findFreePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'lib/ceiling-server.ts', String(port)],
    {
      cwd: import.meta.dirname,
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      await fetch(url);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const result = await runLoad({ url, connections: LOAD.connections, seconds: LOAD.seconds });
  child.kill('SIGTERM');
  return result;
}

export async function benchApi() {
  console.log(
    `API bench: ${LOAD.connections} connections, ${LOAD.seconds} s each; seeding ${LOAD.patients} patients for each of 2 users…`,
  );
  const postgres = await startPostgres();
  // One user sends thousands of requests a second: the per-user budget stays on (its cost is
  // part of what is measured) but far above the load.
  const portal = await startPortal({
    DATABASE_URL: postgres.url,
    USER_RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  try {
    await waitHealthy(portal.url);
    const doctor = await signIn(portal.url, 'bench-doctor@example.test');
    const other = await signIn(portal.url, 'bench-other@example.test');
    await seedPatients(postgres.url, doctor.userId, LOAD.patients);
    await seedPatients(postgres.url, other.userId, LOAD.patients);
    await settle(postgres.url);
    const auth = { authorization: `Bearer ${doctor.token}` };
    const list = (await (
      await fetch(`${portal.url}/api/records/patients?limit=1`, { headers: auth })
    ).json()) as { _id: string }[];
    const patientId = list[0]!._id;

    const ceiling = await measureCeiling();
    const memory = sampleMemory(portal.process.pid!);
    const trees = { api: portal.process.pid!, postgres: postgres.pid };
    // Each route gets a second of unrecorded load first, so the JIT has compiled its path.
    const measured = async (options: Parameters<typeof runLoad>[0]) => {
      await runLoad({ ...options, seconds: 1 });
      return measureCpuPerRequest(trees, () => runLoad(options));
    };
    const load = { headers: auth, connections: LOAD.connections, seconds: LOAD.seconds };
    const runs: [string, Measured][] = [
      [
        'GET /api/records/patients?limit=50',
        await measured({ ...load, url: `${portal.url}/api/records/patients?limit=50` }),
      ],
      [
        'GET /api/records/patients/{id}',
        await measured({ ...load, url: `${portal.url}/api/records/patients/${patientId}` }),
      ],
      [
        'POST /api/records/patients',
        await measured({
          ...load,
          url: `${portal.url}/api/records/patients`,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: NEW_PATIENT,
        }),
      ],
    ];
    // The loads before wrote tens of thousands of audit rows and patients: their vacuum and
    // checkpoint are done before the latency run, not in it.
    await settle(postgres.url);
    const fixedRate = await measureCpuPerRequest(trees, () =>
      runFixedRate({
        url: `${portal.url}/api/records/patients?limit=50`,
        headers: auth,
        rate: 500,
        seconds: LOAD.seconds,
      }),
    );
    const peakMemoryMiB = memory.stop();

    const targets: Record<string, number> = {
      'GET /api/records/patients?limit=50': 0.25,
      'GET /api/records/patients/{id}': 0.35,
      'POST /api/records/patients': 0.2,
    };
    const rows = [
      {
        route: 'bare Fastify (ceiling)',
        'req/s': ceiling.requestsPerSecond,
        'p50 ms': ceiling.p50,
        'p99 ms': ceiling.p99,
        ratio: '1.00',
        target: '',
        'API CPU ms/req': '',
        'PG CPU ms/req': '',
        errors: ceiling.errors + ceiling.non2xx,
      },
      ...runs.map(([route, r]) => ({
        route,
        'req/s': r.requestsPerSecond,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        ratio: (r.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2),
        target: `≥ ${targets[route]}`,
        'API CPU ms/req': r.cpuMsPerRequest.api!,
        'PG CPU ms/req': r.cpuMsPerRequest.postgres!,
        errors: r.errors + r.non2xx,
      })),
      {
        route: 'list at a fixed 500 req/s',
        'req/s': fixedRate.requestsPerSecond,
        'p50 ms': fixedRate.p50,
        'p99 ms': fixedRate.p99,
        ratio: '',
        target: 'p99 ≤ 10 ms',
        'API CPU ms/req': fixedRate.cpuMsPerRequest.api!,
        'PG CPU ms/req': fixedRate.cpuMsPerRequest.postgres!,
        errors: fixedRate.errors + fixedRate.non2xx,
      },
    ];
    printTable('API throughput (autocannon, separate process)', rows);
    console.log(`Peak API memory under load: ${peakMemoryMiB} MiB (target ≤ 250 MB)`);
    return writeLoadResult('api', { patientsPerUser: LOAD.patients, rows, peakMemoryMiB });
  } finally {
    await portal.stop();
    await postgres.stop();
  }
}

if (import.meta.filename === process.argv[1]) await benchApi();
