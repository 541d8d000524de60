// Reads the JSON reports the suites write into one shape, `{ passed, failed, failures }`, where
// `failures` names every failed test: CI logs are cut at the top, so scripts/test-all.mjs and
// scripts/test-node-lines.mjs repeat these names in their closing summary.
import fs from 'node:fs';
import path from 'node:path';

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

/** A Vitest `--reporter=json` file; null when the run ended before writing it. */
export function vitestOutcome(reportFile, root) {
  const report = readJson(reportFile);
  if (!report) return null;
  const failures = [];
  let loadFailures = 0;
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults)
      if (test.status === 'failed') failures.push(`${where} › ${test.fullName}`);
    // A file that failed to load counts as a failure even though no test in it ran.
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      loadFailures += 1;
      failures.push(`${where} (did not load: ${firstLine(file.message)})`);
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + loadFailures,
    failures,
    success: report.success,
  };
}

/** Playwright's JSON reporter file; null when the run ended before writing it. */
export function playwrightOutcome(reportFile) {
  const report = readJson(reportFile);
  if (!report) return null;
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      if (!spec.ok) failures.push(`e2e/${spec.file} › ${[...titles, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? [])
      walk(child, child.title === child.file ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? [])
    failures.push(`e2e (run error: ${firstLine(error.message)})`);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    failures,
    hasRunErrors: (report.errors ?? []).length > 0,
  };
}

/** scripts/check-log-hygiene.mjs `--json` file; null when it was not written. */
export function hygieneOutcome(reportFile) {
  const report = readJson(reportFile);
  if (!report) return null;
  const failures = report.results
    .filter((result) => !result.ok)
    .map((result) => `log hygiene › ${result.name}`);
  return { passed: report.passed, failed: report.failed, failures };
}

function firstLine(text) {
  return String(text ?? 'no message').split('\n')[0];
}

/** The closing lines: each failed test by name, then `N passed, N failed`. */
export function printSummary({ passed, failed, failures }) {
  if (failures.length) {
    console.log(`\nFailed (${failures.length}):`);
    for (const name of failures) console.log(`  ✗ ${name}`);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
}
