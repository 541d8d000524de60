import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load.ts';
import { tempDir } from './portal.ts';

/** `wrk` (Debian's package `wrk`), or `WRK`: a load generator in C, as light as pgbench's client. */
export const WRK = process.env.WRK ?? '/usr/bin/wrk';

/** A Lua string literal for any text (long brackets that the text itself cannot close). */
function luaString(text: string): string {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

/**
 * The request (method, headers, body) and, when the run is done, one line `RESULT {json}` with
 * the count, the duration and the latency percentiles in ms: wrk's own report has no JSON form.
 */
function script({ method, headers, body }: WrkRequest): string {
  const lines = [`wrk.method = ${luaString(method)}`];
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  }
  if (body !== undefined) lines.push(`wrk.body = ${luaString(body)}`);
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'RESULT {"requests":%d,"microseconds":%d,"p50":%.3f,"p99":%.3f,"non2xx":%d,"errors":%d}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000,',
    '    e.status, e.connect + e.read + e.write + e.timeout))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

export interface WrkRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Runs wrk against `url` with keep-alive connections; the token stays in a private temp file. */
export async function runWrk({
  url,
  connections,
  seconds,
  threads = 2,
  ...request
}: WrkRequest & {
  url: string;
  connections: number;
  seconds: number;
  threads?: number;
}): Promise<LoadResult> {
  const dir = tempDir('wrk');
  const file = path.join(dir, 'request.lua');
  fs.writeFileSync(file, script(request), { mode: 0o600 });
  try {
    const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`];
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(WRK, [...args, '-s', file, url], (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const r = JSON.parse(line.slice('RESULT '.length)) as {
      requests: number;
      microseconds: number;
      p50: number;
      p99: number;
      non2xx: number;
      errors: number;
    };
    return {
      requestsPerSecond: Math.round(r.requests / (r.microseconds / 1e6)),
      requests: r.requests,
      p50: Number(r.p50.toFixed(2)),
      p99: Number(r.p99.toFixed(2)),
      non2xx: r.non2xx,
      errors: r.errors,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
