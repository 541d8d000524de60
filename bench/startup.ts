// Time from `npm start` (already built) to a healthy /api/health: first start (creates the
// database cluster) and a restart on existing data. Median of 3 each.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFreePort } from '../apps/api/src/lib/free-port.ts';
import { printTable, ROOT, tempDir, waitHealthy, writeResult } from './lib/portal.ts';

async function timeStart(dataDir: string): Promise<number> {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  await waitHealthy(`http://127.0.0.1:${port}`, child);
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return Math.round(elapsed);
}

export async function benchStartup() {
  const first: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const dataDir = tempDir('start');
    first.push(await timeStart(dataDir));
    restart.push(await timeStart(dataDir));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
  const rows = [
    {
      start: 'first start (new DATA_DIR, initdb)',
      'median ms': median(first),
      runs: first.join(', '),
    },
    { start: 'restart (existing data)', 'median ms': median(restart), runs: restart.join(', ') },
  ];
  printTable('Start-up: npm start → healthy /api/health', rows);
  writeResult('startup', { rows });
  return rows;
}

if (import.meta.filename === process.argv[1]) await benchStartup();
