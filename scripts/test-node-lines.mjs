// CI (`.ci/run`): the whole `npm test` and the cluster test on the machine's Node, then, on each supported Node line
// (22 and 24, the `node` package from the npm registry), the engines check, the build, the
// shared and API suites and one end-to-end journey (its server runs on that Node too).
// The two lines run at the same time, each in its own copy of the checkout (hard links, so it
// costs seconds, not a gigabyte), and each prints its log when it ends: one line alone leaves
// part of the two cores idle (server starts, database waits, the single-threaded build steps).
// Ends with one line `N passed, N failed` for all of it and exits non-zero if anything failed.
//
//   node scripts/test-node-lines.mjs [--lines-only]   (--lines-only skips `npm test` and the cluster test)
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSummary } from './test-results.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, '.test-results');
// The lines' copies of the checkout, inside it (hard links need one file system; git ignores it).
const COPIES = path.join(ROOT, '.test-lines');
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
async function testAll(label, runner, folder, command, extraEnv = {}) {
  const started = Date.now();
  await runner(command[0], command.slice(1), extraEnv);
  const results = path.join(runner.root, '.test-results');
  const summaryFile = path.join(results, 'summary.json');
  // No summary: the run itself crashed, which counts as one failure.
  const summary = fs.existsSync(summaryFile)
    ? JSON.parse(fs.readFileSync(summaryFile, 'utf8'))
    : { passed: 0, failed: 1, failures: ['the run ended without a summary (see above)'] };
  if (fs.existsSync(results)) {
    fs.cpSync(results, path.join(kept, folder), { recursive: true });
    fs.rmSync(results, { recursive: true, force: true });
  }
  return { label, ...summary, seconds: (Date.now() - started) / 1000 };
}

/** Runs commands in `root` with `bin` first on PATH, the output inherited. */
function inheritedRunner(bin, root = ROOT) {
  const runner = async (command, args, extraEnv = {}) =>
    run(bin, command, args, { cwd: root }, extraEnv);
  runner.root = root;
  return runner;
}

/**
 * Runs commands in `root` with `bin` first on PATH, their output collected in `log` (printed
 * when the line ends, so two lines running at once do not interleave).
 */
function loggingRunner(bin, root, log) {
  const runner = async (command, args, extraEnv = {}) => {
    const env = { ...process.env, ...extraEnv, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => log.push(chunk));
    child.stderr.on('data', (chunk) => log.push(chunk));
    const [status] = await once(child, 'close');
    return { status };
  };
  runner.root = root;
  return runner;
}

/** A check outside the suites (engines, build) counts as one test. */
function check(label, ok, started) {
  return {
    label,
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    failures: ok ? [] : [label],
    seconds: (Date.now() - started) / 1000,
  };
}

/** Paths a line's copy leaves out: what a run writes (results, builds, caches, local data). */
const NOT_COPIED = new Set([
  '.test-results',
  '.test-lines',
  '.data',
  'apps/web/dist',
  'apps/api/dist',
  'node_modules/.vite',
  'node_modules/.cache',
]);

/**
 * The checkout as a tree of hard links (a plain copy where links cannot cross file systems).
 * Runs only ever replace files, never write into one in place, so the copies never touch the
 * original's contents.
 */
function copyCheckout(from, to, relative = '') {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const inside = relative ? `${relative}/${entry.name}` : entry.name;
    if (NOT_COPIED.has(inside)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyCheckout(source, target, inside);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
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
  return { ok: dryRun.status === 0 && warnings.length === 0, warnings };
}

/**
 * One Node line in its own copy of the checkout: the engines check, the build, the shared and API
 * suites and one journey. Answers its runs and its log.
 */
async function runLine(line) {
  const log = [];
  const note = (text) => log.push(Buffer.from(`${text}\n`));
  const runs = [];
  let started = Date.now();
  const bin = await fetched[line];
  runs.push(check(`Node ${line}: fetched from the registry`, bin !== undefined, started));
  if (!bin) return { runs, log };
  const version = run(bin, 'node', ['-v'], { encoding: 'utf8', stdio: 'pipe' }).stdout.trim();
  const lineStarted = Date.now();
  const lapse = () => `${Math.round((Date.now() - lineStarted) / 1000)} s`;
  started = Date.now();
  const engines = enginesAccepted(bin);
  if (engines.warnings.length) note(engines.warnings.join('\n'));
  runs.push(check(`Node ${version}: engines accepted`, engines.ok, started));

  const root = path.join(COPIES, line);
  copyCheckout(ROOT, root);
  // Vitest's record of each file's duration, so the longest files start first here too.
  const vitestCache = path.join(ROOT, 'node_modules/.vite');
  if (fs.existsSync(vitestCache))
    fs.cpSync(vitestCache, path.join(root, 'node_modules/.vite'), { recursive: true });
  const runner = loggingRunner(bin, root, log);
  const cache = { NODE_COMPILE_CACHE: path.join(compileCache, line) };
  note(`\n▶▶ [${lapse()}] Node ${version}: npm run build (in ${root})`);
  started = Date.now();
  const built = (await runner('npm', ['run', 'build'], cache)).status === 0;
  runs.push(check(`Node ${version}: build`, built, started));
  note(`\n▶▶ [${lapse()}] Node ${version}: shared and API suites, one journey`);
  const command = ['node', path.join(root, 'scripts/test-all.mjs'), ...JOURNEY];
  // The fuzz campaign's full length ran on the machine's Node above; here a tenth of it
  // proves the fuzzers run on this line without repeating the same search. The web suite
  // (React in jsdom) ran there too: the web app runs in browsers, and what of it runs on Node
  // (the prerender) ran in this line's build and serves its journey.
  runs.push(
    await testAll(`Node ${version}: suites and one journey`, runner, `node-${line}`, command, {
      FUZZ_BATCHES: '4',
      TEST_VITEST_PROJECTS: '@portal/shared,@portal/api',
      ...cache,
    }),
  );
  note(`\n▶▶ [${lapse()}] Node ${version}: done`);
  return { runs, log };
}

const fetched = Object.fromEntries(LINES.map((line) => [line, fetchNodeFolder(line)]));
// V8's code cache for each line (Node 22 and 24 have it; 20 has not): the many Vitest workers
// and servers of a run load the same modules, compiled once instead of in every process.
const compileCache = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ci-compile-cache-'));

try {
  const machine = path.dirname(process.execPath);
  if (!process.argv.includes('--lines-only')) {
    step(`npm test on the machine's Node ${process.version}`);
    runs.push(
      await testAll(`Node ${process.version} (machine): npm test`, inheritedRunner(machine), '.', [
        'npm',
        'test',
      ]),
    );
    step('npm run test:cluster: two API instances on Debian PostgreSQL and Redis');
    runs.push(
      await testAll('cluster test', inheritedRunner(machine), 'cluster', [
        'node',
        'scripts/test-cluster.mjs',
      ]),
    );
  }
  step(
    `Node ${LINES.join(' and ')} at once (node@<line> from the npm registry, fetched since the start)`,
  );
  const lines = await Promise.all(LINES.map((line) => runLine(line)));
  for (const [index, line] of LINES.entries()) {
    step(`Node ${line}: its log`);
    process.stdout.write(Buffer.concat(lines[index].log));
    runs.push(...lines[index].runs);
  }
} finally {
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.cpSync(kept, RESULTS, { recursive: true });
  fs.rmSync(kept, { recursive: true, force: true });
  fs.rmSync(compileCache, { recursive: true, force: true });
  fs.rmSync(COPIES, { recursive: true, force: true });
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
