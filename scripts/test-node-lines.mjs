// CI (`.ci/run`): the whole `npm test` and the cluster test on the machine's Node, then, on each supported Node line
// (22 and 24, the `node` package from the npm registry), the engines check, the build, the
// shared and API suites and one end-to-end journey (its server runs on that Node too).
// Ends with one line `N passed, N failed` for all of it and exits non-zero if anything failed.
//
//   node scripts/test-node-lines.mjs [--lines-only]   (--lines-only skips `npm test` and the cluster test)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSummary } from './test-results.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, '.test-results');
const LINES = ['22', '24'];
// One journey through every layer: sign-in, the API and its PostgreSQL, the built web app.
const JOURNEY = ['records.spec.ts', '--grep', 'practitioner adds, views, edits, searches, deletes'];

// Each run of scripts/test-all.mjs starts by emptying .test-results, so every run's results wait
// here; at the end .test-results holds the `npm test` run with node-22/ and node-24/ inside.
const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ci-results-'));
const runs = [];
const began = Date.now();

/** A heading with the time since the start, so a log shows where the minutes went. */
function step(text) {
  const seconds = Math.round((Date.now() - began) / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  console.log(`\n▶▶ [${clock}] ${text}`);
}

/** Runs a command with `bin` (a Node's folder) first on PATH, so `node`, `npm`, `npx` use it. */
function run(bin, command, args, options = {}, extraEnv = {}) {
  const env = { ...process.env, ...extraEnv, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  return spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit', ...options });
}

/** One run of `command` (scripts/test-all.mjs underneath); its results move to `kept/<folder>`. */
function testAll(label, bin, folder, command, extraEnv = {}) {
  const started = Date.now();
  run(bin, command[0], command.slice(1), {}, extraEnv);
  const summaryFile = path.join(RESULTS, 'summary.json');
  // No summary: the run itself crashed, which counts as one failure.
  const summary = fs.existsSync(summaryFile)
    ? JSON.parse(fs.readFileSync(summaryFile, 'utf8'))
    : { passed: 0, failed: 1, failures: ['the run ended without a summary (see above)'] };
  if (fs.existsSync(RESULTS)) {
    fs.cpSync(RESULTS, path.join(kept, folder), { recursive: true });
    fs.rmSync(RESULTS, { recursive: true, force: true });
  }
  runs.push({ label, ...summary, seconds: (Date.now() - started) / 1000 });
}

/** A check outside the suites (engines, build) counts as one test. */
function check(label, ok, started) {
  runs.push({
    label,
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    failures: ok ? [] : [label],
    seconds: (Date.now() - started) / 1000,
  });
}

/**
 * The folder of the newest `node@<line>` from the registry, fetched once into npx's cache.
 * Asynchronous: both lines download while `npm test` runs, off the critical path.
 */
function fetchNodeFolder(line) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['-y', `node@${line}`, '-p', 'process.execPath'], {
      cwd: os.tmpdir(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', () => resolve(undefined));
    child.on('close', (status) => {
      const execPath = status === 0 ? output.trim() : '';
      resolve(execPath && fs.existsSync(execPath) ? path.dirname(execPath) : undefined);
    });
  });
}

/** npm's own engines check of the installed tree (lockfile and root), without installing. */
function enginesAccepted(bin) {
  const dryRun = run(bin, 'npm', ['ci', '--dry-run', '--offline', '--no-audit', '--no-fund'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const warnings = `${dryRun.stdout}${dryRun.stderr}`
    .split('\n')
    .filter((line) => line.includes('EBADENGINE'));
  if (warnings.length) console.log(warnings.join('\n'));
  return dryRun.status === 0 && warnings.length === 0;
}

const fetched = Object.fromEntries(LINES.map((line) => [line, fetchNodeFolder(line)]));
// V8's code cache for each line (Node 22 and 24 have it; 20 has not): the many Vitest workers
// and servers of a run load the same modules, compiled once instead of in every process.
const compileCache = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ci-compile-cache-'));

try {
  const machine = path.dirname(process.execPath);
  if (!process.argv.includes('--lines-only')) {
    step(`npm test on the machine's Node ${process.version}`);
    testAll(`Node ${process.version} (machine): npm test`, machine, '.', ['npm', 'test']);
    step('npm run test:cluster: two API instances on Debian PostgreSQL and Redis');
    testAll('cluster test', machine, 'cluster', ['node', 'scripts/test-cluster.mjs']);
  }
  for (const line of LINES) {
    step(
      `Node ${line}: node@${line} from the npm registry (fetched since the start, cached by npx)`,
    );
    let started = Date.now();
    const bin = await fetched[line];
    check(`Node ${line}: fetched from the registry`, bin !== undefined, started);
    if (!bin) continue;
    const version = run(bin, 'node', ['-v'], { encoding: 'utf8', stdio: 'pipe' }).stdout.trim();
    step(`Node ${version}: npm ci --dry-run (no EBADENGINE)`);
    started = Date.now();
    check(`Node ${version}: engines accepted`, enginesAccepted(bin), started);
    step(`Node ${version}: npm run build`);
    started = Date.now();
    const cache = { NODE_COMPILE_CACHE: path.join(compileCache, line) };
    const built = run(bin, 'npm', ['run', 'build'], {}, cache).status === 0;
    check(`Node ${version}: build`, built, started);
    step(`Node ${version}: shared and API suites, one journey`);
    const command = ['node', path.join(ROOT, 'scripts/test-all.mjs'), ...JOURNEY];
    // The fuzz campaign's full length ran on the machine's Node above; here a tenth of it
    // proves the fuzzers run on this line without repeating the same search. The web suite
    // (React in jsdom) ran there too: the web app runs in browsers, and what of it runs on Node
    // (the prerender) ran in this line's build and serves its journey.
    testAll(`Node ${version}: suites and one journey`, bin, `node-${line}`, command, {
      FUZZ_BATCHES: '4',
      TEST_VITEST_PROJECTS: '@portal/shared,@portal/api',
      ...cache,
    });
  }
} finally {
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.cpSync(kept, RESULTS, { recursive: true });
  fs.rmSync(kept, { recursive: true, force: true });
  fs.rmSync(compileCache, { recursive: true, force: true });
}

step('Summary');
for (const { label, passed, failed, seconds } of runs)
  console.log(`  ${label}: ${passed} passed, ${failed} failed (${Math.round(seconds)} s)`);
printSummary({
  passed: runs.reduce((sum, entry) => sum + entry.passed, 0),
  failed: runs.reduce((sum, entry) => sum + entry.failed, 0),
  // Each name says which run it failed in: the same test can fail on one line only.
  failures: runs.flatMap(({ label, failures = [] }) =>
    failures.map((name) => (name === label ? name : `${label} › ${name}`)),
  ),
});
process.exit(runs.some((entry) => entry.failed > 0) ? 1 : 0);
