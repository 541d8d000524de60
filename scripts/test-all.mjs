// `npm test`: every suite (shared, API, web, end-to-end), the log-hygiene check over their
// logs, then the name of every failed test, the time of each phase, and one line
// `N passed, N failed` (also written to .test-results/summary.json, with the failed names).
// Arguments narrow the Playwright run, e.g. to one journey (scripts/test-node-lines.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { hygieneOutcome, playwrightOutcome, printSummary, vitestOutcome } from './test-results.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, '.test-results');
fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });

const total = { passed: 0, failed: 0, failures: [] };
const phases = [];

/** Runs one phase, adds its outcome (null: it did not run to the end) and its duration. */
function phase(name, run) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const outcome = run() ?? { passed: 0, failed: 1, failures: [`${name} did not run to the end`] };
  total.passed += outcome.passed;
  total.failed += outcome.failed;
  total.failures.push(...outcome.failures);
  phases.push({ name, ...outcome, seconds: (Date.now() - started) / 1000 });
}

// The Vitest suites as one run (vitest.config.mjs): one pool of two workers for all files.
// TEST_VITEST_PROJECTS (comma-separated project names) narrows it: the Node-line runs leave the
// web suite to the machine's Node (docs/decisions/0022-web-suite-on-one-node-line.md).
const projects = (process.env.TEST_VITEST_PROJECTS ?? '').split(',').filter(Boolean);
phase(
  `vitest: ${projects.length ? projects.join(', ') : 'packages/shared, apps/api, apps/web'}`,
  () => {
    const report = path.join(RESULTS, 'vitest.json');
    const run = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--passWithNoTests',
        ...projects.map((project) => `--project=${project}`),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: ROOT, stdio: 'inherit' },
    );
    const outcome = vitestOutcome(report, ROOT);
    // An unhandled error fails the run without failing a test: it still counts.
    if (outcome && run.status !== 0 && outcome.failed === 0)
      return { ...outcome, failed: 1, failures: [`vitest exited with ${run.status} (see above)`] };
    return outcome;
  },
);

phase('build (if stale)', () => {
  try {
    buildIfStale();
    return { passed: 0, failed: 0, failures: [] };
  } catch {
    return { passed: 0, failed: 1, failures: ['the build failed (see above)'] };
  }
});

phase('e2e (playwright, Debian chromium)', () => {
  const playwrightArgs = ['playwright', 'test', ...process.argv.slice(2)];
  spawnSync('npx', playwrightArgs, { cwd: path.join(ROOT, 'e2e'), stdio: 'inherit' });
  const outcome = playwrightOutcome(path.join(RESULTS, 'e2e.json'));
  if (outcome?.hasRunErrors) return { ...outcome, failed: outcome.failed + 1 };
  return outcome;
});

// After every suite: no token, secret or patient value in the logs the API tests and the e2e
// servers wrote (each check counts as a test).
phase('log hygiene', () => {
  const report = path.join(RESULTS, 'log-hygiene.json');
  spawnSync('node', [path.join(ROOT, 'scripts/check-log-hygiene.mjs'), '--json', report], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return hygieneOutcome(report);
});

console.log('\nPhases:');
for (const { name, passed, failed, seconds } of phases)
  console.log(`  ${name}: ${passed} passed, ${failed} failed (${Math.round(seconds)} s)`);
printSummary(total);
fs.writeFileSync(path.join(RESULTS, 'summary.json'), JSON.stringify(total));
process.exit(total.failed === 0 ? 0 : 1);
