import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load.ts';
import { tempDir } from './portal.ts';
import type { LoggedStatement } from './statement-log.ts';

/** Debian's pgbench (package `postgresql`), or `PGBENCH`. */
export function pgbenchPath(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin/pgbench');
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('pgbench not found: apt-get install postgresql (or set PGBENCH)');
}

/**
 * A pgbench script that sends `statements` in order, one transaction per run: each `$n` becomes a
 * pgbench variable (bound as a parameter in the extended and prepared modes, as the API binds
 * it), NULL stays a literal. Simple-protocol statements (BEGIN, COMMIT) are sent as they are.
 */
export function pgbenchScript(statements: LoggedStatement[]): {
  script: string;
  variables: Record<string, string>;
} {
  const variables: Record<string, string> = {};
  const commands = statements.map((statement, s) => {
    const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = statement.values[Number(n) - 1];
      if (value === null || value === undefined) return 'NULL';
      const name = `s${s}p${n}`;
      variables[name] = value;
      return `:${name}`;
    });
    return `${text.trim().replace(/;$/, '')};`;
  });
  return { script: `${commands.join('\n')}\n`, variables };
}

/** pgbench's figures in a load's terms: a transaction is one request's statements. */
export type PgbenchResult = LoadResult & { latencyAverageMs: number };

/**
 * Runs the statements as pgbench transactions for `seconds` on `clients` connections over
 * `threads` threads, in `mode` (`prepared`: parsed and planned once per connection, like the
 * API's named statements; `extended`: parsed every time, like its unnamed ones).
 */
export async function runPgbench({
  databaseUrl,
  statements,
  mode,
  clients,
  threads = 2,
  seconds,
}: {
  databaseUrl: string;
  statements: LoggedStatement[];
  mode: 'prepared' | 'extended';
  clients: number;
  threads?: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const dir = tempDir('pgbench');
  const file = path.join(dir, 'request.sql');
  const { script, variables } = pgbenchScript(statements);
  fs.writeFileSync(file, script, { mode: 0o600 });
  const url = new URL(databaseUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port,
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: url.pathname.slice(1) || 'postgres',
  };
  const args = [
    '-n',
    '-M',
    mode,
    '-c',
    String(clients),
    '-j',
    String(threads),
    '-T',
    String(seconds),
  ];
  for (const [name, value] of Object.entries(variables)) args.push('-D', `${name}=${value}`);
  args.push('-f', file);
  try {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(pgbenchPath(), args, { env }, (error, out, err) =>
        error ? reject(new Error(`pgbench failed: ${err || error.message}`)) : resolve(out),
      ),
    );
    const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? NaN);
    const failed = number(/number of failed transactions: (\d+)/);
    if (failed > 0) throw new Error(`pgbench: ${failed} failed transactions\n${stdout}`);
    const latencyAverageMs = number(/latency average = ([\d.]+) ms/);
    return {
      requestsPerSecond: Math.round(number(/tps = ([\d.]+)/)),
      requests: number(/number of transactions actually processed: (\d+)/),
      latencyAverageMs,
      // pgbench reports no percentiles without a per-transaction log.
      p50: NaN,
      p99: NaN,
      non2xx: 0,
      errors: 0,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
