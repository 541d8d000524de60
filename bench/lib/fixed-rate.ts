import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadResult } from './load.ts';

/**
 * Requests at a fixed rate, evenly spaced (open loop: the schedule never waits for an answer),
 * over at most `connections` keep-alive connections. Each latency counts from the request's
 * scheduled time, so a request that waited for a free connection or a late timer counts its wait
 * too. autocannon's `-R` sends each second's requests in bursts, which measures its bursts more
 * than the server.
 */
export async function runFixedRate({
  url,
  headers = {},
  rate,
  seconds,
  connections = 10,
}: {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  seconds: number;
  connections?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const send = (scheduledAt: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode! < 200 || response.statusCode! >= 300) non2xx += 1;
          latencies.push(performance.now() - scheduledAt);
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const scheduledAt = start + i * interval;
    const wait = scheduledAt - performance.now();
    // A timer may fire up to a millisecond late: that lateness counts in the latency, so the
    // figures err on the slow side rather than burn a core spinning.
    if (wait > 0) await sleep(wait);
    pending.push(send(scheduledAt));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(
      (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN).toFixed(
        2,
      ),
    );
  return {
    requestsPerSecond: Math.round(latencies.length / elapsed),
    requests: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
    errors,
  };
}
