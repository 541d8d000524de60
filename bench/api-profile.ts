// Where an API request's time goes: the built server under wrk with V8's sampling profiler
// (`--cpu-prof`, every 100 µs), one request kind after another; for each, the server's time in
// that load's window summed by what it does (authentication, validation, the PostgreSQL client,
// serialization, logging, rate limiting, Fastify, Node's HTTP, garbage collection, the event
// loop's idle time) in µs per request, then the busiest functions. BENCH_REQUESTS=get,list
// picks requests by label; PROFILE_OUT=<folder> keeps the .cpuprofile for DevTools.
//   npm run api-profile -w bench
import fs from 'node:fs';
import { prepareBenchRequests } from './lib/api-routes.ts';
import { LOAD } from './lib/load.ts';
import { printTable, startPortal, startPostgres, tempDir } from './lib/portal.ts';
import { profileRooms, readProfile } from './lib/server-profile.ts';
import { runWrk } from './lib/wrk.ts';

const SHOWN_FUNCTIONS = 12;
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export async function benchApiProfile() {
  const profileDir = process.env.PROFILE_OUT ?? tempDir('profile');
  fs.chmodSync(profileDir, 0o755);
  const postgres = await startPostgres({
    synchronous_commit: process.env.BENCH_SYNCHRONOUS_COMMIT ?? 'off',
  });
  const portal = await startPortal(
    { DATABASE_URL: postgres.url, USER_RATE_LIMIT_PER_MINUTE: '1000000000' },
    { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=100'] },
  );
  const windows: { label: string; from: number; to: number; requests: number }[] = [];
  try {
    const requests = await prepareBenchRequests(portal.url, postgres.url);
    for (const request of requests) {
      const load = { ...request, connections: LOAD.connections };
      await runWrk({ ...load, seconds: 1 });
      const from = monotonicMicros();
      const result = await runWrk({ ...load, seconds: LOAD.seconds });
      windows.push({
        label: request.label,
        from,
        to: monotonicMicros(),
        requests: result.requests,
      });
    }
  } finally {
    await portal.stop();
    await postgres.stop();
  }
  const profile = readProfile(profileDir);
  for (const { label, from, to, requests } of windows) {
    const { rooms, functions, roomFunctions } = profileRooms(profile, { from, to });
    const wall = to - from;
    printTable(
      `${label}: ${requests} requests in ${(wall / 1e6).toFixed(1)} s, ${(wall / requests).toFixed(0)} µs of the server's wall time each`,
      rooms.map(([room, micros]) => ({
        'where the time goes': room,
        'µs per request': Number((micros / requests).toFixed(1)),
        '% of the window': Number(((100 * micros) / wall).toFixed(1)),
      })),
    );
    console.log('busiest functions (self time, µs per request):');
    for (const [name, micros] of functions
      .filter(([n]) => !n.startsWith('(idle)'))
      .slice(0, SHOWN_FUNCTIONS)) {
      console.log(`${(micros / requests).toFixed(1).padStart(8)}  ${name}`);
    }
    if (process.env.PROFILE_BY_ROOM) {
      console.log('busiest functions of the three busiest rooms (µs per request):');
      for (const [room] of rooms.filter(([r]) => !r.startsWith('idle')).slice(0, 3)) {
        for (const [name, micros] of roomFunctions
          .filter(([n]) => n.startsWith(`${room} ▸`))
          .slice(0, 8)) {
          console.log(`${(micros / requests).toFixed(1).padStart(8)}  ${name}`);
        }
      }
    }
  }
  if (!process.env.PROFILE_OUT) fs.rmSync(profileDir, { recursive: true, force: true });
}

if (import.meta.filename === process.argv[1]) await benchApiProfile();
