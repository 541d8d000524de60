// `npm run test:e2e:stress`: the whole end-to-end suite on a loaded machine, where timing bugs
// show: one busy process per core for the whole run (`E2E_BUSY_PROCESSES` to change), and, with
// `E2E_CPU_SLOWDOWN=4`, every page's CPU slowed down by Chromium as well (e2e/support/test.ts).
// Same suite, same timeouts, no retries.
// Prints the date, duration and result on one line.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CPU_SLOWDOWN = process.env.E2E_CPU_SLOWDOWN ?? '1';
const BUSY_PROCESSES = Number(process.env.E2E_BUSY_PROCESSES ?? os.availableParallelism());

buildIfStale();

// `node -e 'for(;;);'`: a core kept at 100 % by someone else, like `yes > /dev/null`.
const busy = Array.from({ length: BUSY_PROCESSES }, () =>
  spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }),
);
const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stopBusy);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => process.exit(130));
}

const started = new Date();
const slowdown = CPU_SLOWDOWN === '1' ? '' : `, Chromium's CPU ${CPU_SLOWDOWN}× slower`;
console.log(`▶ e2e under load: ${BUSY_PROCESSES} busy processes${slowdown}`);
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: path.join(ROOT, 'e2e'),
  stdio: 'inherit',
  env: { ...process.env, E2E_CPU_SLOWDOWN: CPU_SLOWDOWN },
});
stopBusy();

const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
const outcome = run.status === 0 ? 'passed' : 'FAILED';
console.log(`\n${started.toISOString()}  ${minutes} min  ${outcome}`);
process.exit(run.status ?? 1);
