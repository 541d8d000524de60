import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, writeResult } from './portal.ts';

const AUTOCANNON = path.join(ROOT, 'node_modules/.bin/autocannon');

/**
 * The load benches' settings (the API's, the instances'): how long and how wide each load runs,
 * and how many patients they seed for each practitioner.
 */
export const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  patients: Number(process.env.BENCH_PATIENTS ?? 100_000),
};

/** Writes a load bench's result as `name`: the load it ran (seconds, connections), then `figures`. */
export function writeLoadResult<T extends object>(name: string, figures: T) {
  const result = { seconds: LOAD.seconds, connections: LOAD.connections, ...figures };
  writeResult(name, result);
  return result;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered during the run. */
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Runs autocannon in its own process (so it does not share the server's event loop). */
export function runLoad({
  url,
  method = 'GET',
  headers = {},
  body,
  connections,
  seconds,
}: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const args = ['-j', '-c', String(connections), '-d', String(seconds), '-m', method];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body) args.push('-b', body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(AUTOCANNON, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const result = JSON.parse(output) as {
          requests: { average: number; total: number };
          latency: { p50: number; p99: number };
          non2xx: number;
          errors: number;
        };
        resolve({
          requestsPerSecond: Math.round(result.requests.average),
          requests: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** Samples a process's resident memory (MiB) until stopped; answers the peak. */
export function sampleMemory(pid: number): { stop(): number } {
  let peak = 0;
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kib / 1024);
    } catch {
      // the process may be gone
    }
  };
  read();
  const timer = setInterval(read, 200);
  return {
    stop() {
      clearInterval(timer);
      read();
      return Math.round(peak);
    },
  };
}

/** CPU time (user + system, ms) a process and all its descendants have used so far. */
function cpuMsOfTree(rootPid: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name, which is in parentheses and may hold spaces.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
      // utime + stime, and cutime + cstime: the children it has reaped (a PostgreSQL backend
      // that ended with its connection during the load).
      ticks.set(
        pid,
        Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      );
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += ticks.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return (total * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times, on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds per request of each named process tree during a load: unlike requests per
 * second, it stays comparable when something else shares the machine.
 */
export async function measureCpuPerRequest<T extends LoadResult>(
  trees: Record<string, number>,
  load: () => Promise<T>,
): Promise<T & { cpuMsPerRequest: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(trees).map(([n, pid]) => [n, cpuMsOfTree(pid)]));
  const result = await load();
  const cpuMsPerRequest = Object.fromEntries(
    Object.entries(trees).map(([name, pid]) => [
      name,
      Number(((cpuMsOfTree(pid) - before[name]!) / Math.max(1, result.requests)).toFixed(3)),
    ]),
  );
  return { ...result, cpuMsPerRequest };
}
