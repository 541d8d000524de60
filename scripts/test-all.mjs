// `npm test`: every suite (shared, API, web, end-to-end), the log-hygiene check over their
// logs, then one line `N passed, N failed` (also written to .test-results/summary.json).
// Arguments narrow the Playwright run, e.g. to one journey (scripts/test-node-lines.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, '.test-results');
fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });

const vitestSuites = ['packages/shared', 'apps/api', 'apps/web'];
let passed = 0;
let failed = 0;
let crashed = [];

for (const workspace of vitestSuites) {
  const name = path.basename(workspace);
  const report = path.join(RESULTS, `${name}.json`);
  console.log(`\n▶ ${workspace} (vitest)`);
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: path.join(ROOT, workspace), stdio: 'inherit' },
  );
  if (!fs.existsSync(report)) {
    crashed.push(workspace);
    continue;
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  // A file that failed to load counts as a failure even though no test in it ran.
  failed += result.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  if (run.status !== 0 && result.numFailedTests === 0 && result.success !== false)
    crashed.push(workspace);
}

console.log('\n▶ build (if stale)');
buildIfStale();
console.log('\n▶ e2e (playwright, Debian chromium)');
const e2eReport = path.join(RESULTS, 'e2e.json');
const playwrightArgs = ['playwright', 'test', ...process.argv.slice(2)];
spawnSync('npx', playwrightArgs, { cwd: path.join(ROOT, 'e2e'), stdio: 'inherit' });
if (fs.existsSync(e2eReport)) {
  const { stats, errors } = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (errors?.length) crashed.push('e2e');
} else {
  crashed.push('e2e');
}

// After every suite: no token, secret or patient value in the logs the API tests and the e2e
// servers wrote (each check counts as a test).
const hygieneReport = path.join(RESULTS, 'log-hygiene.json');
spawnSync('node', [path.join(ROOT, 'scripts/check-log-hygiene.mjs'), '--json', hygieneReport], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (fs.existsSync(hygieneReport)) {
  const hygiene = JSON.parse(fs.readFileSync(hygieneReport, 'utf8'));
  passed += hygiene.passed;
  failed += hygiene.failed;
} else {
  crashed.push('log hygiene');
}

if (crashed.length) console.log(`\nSuites that did not run to the end: ${crashed.join(', ')}`);
failed += crashed.length;
console.log(`\n${passed} passed, ${failed} failed`);
fs.writeFileSync(path.join(RESULTS, 'summary.json'), JSON.stringify({ passed, failed }));
process.exit(failed === 0 ? 0 : 1);
