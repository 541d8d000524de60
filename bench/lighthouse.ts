// Lighthouse 12 (mobile profile) on the public pages and every signed-in page (lib/pages.ts):
// median of 3 runs, each page held to its budget (lib/budgets.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import {
  checkBudget,
  MAX_TOTAL_BLOCKING_MS,
  MIN_PERFORMANCE,
  reportBudgets,
} from './lib/budgets.ts';
import { benchPages, benchPractitioner, signedInProfile } from './lib/pages.ts';
import { printTable, ROOT, startPortal, tempDir, writeResult } from './lib/portal.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Only the pages whose label is listed (comma-separated), e.g. `/records,chart`. */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
/** A folder to keep every run's full report in, to read its diagnostics (long tasks, bootup). */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
const LIGHTHOUSE = path.join(ROOT, 'node_modules/.bin/lighthouse');

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpSeconds: number;
  totalBlockingMs: number;
}

function runLighthouse(url: string, { userDataDir }: { userDataDir?: string } = {}): Scores {
  // Lighthouse starts Chromium itself, so it is told the headless mode (Playwright picks its own).
  const flags = [
    '--headless=new',
    ...CHROMIUM_FLAGS,
    ...(userDataDir ? [`--user-data-dir=${userDataDir}`] : []),
  ];
  const outFile = path.join(tempDir('lh'), 'report.json');
  const run = spawnSync(
    LIGHTHOUSE,
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outFile}`,
      '--only-categories=performance,accessibility,best-practices',
      `--chrome-flags=${flags.join(' ')}`,
      ...(userDataDir ? ['--disable-storage-reset'] : []),
      ...(REPORTS_DIR ? ['--save-assets'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8' },
  );
  if (!fs.existsSync(outFile)) throw new Error(`lighthouse failed: ${run.stderr}`);
  if (REPORTS_DIR) {
    fs.mkdirSync(REPORTS_DIR, { recursive: true });
    const name = new URL(url).pathname.replaceAll('/', '_') || '_';
    const stamp = Date.now();
    fs.copyFileSync(outFile, path.join(REPORTS_DIR, `${name}-${stamp}.json`));
    const trace = path.join(path.dirname(outFile), 'report-0.trace.json');
    if (fs.existsSync(trace)) {
      fs.copyFileSync(trace, path.join(REPORTS_DIR, `${name}-${stamp}.trace.json`));
    }
  }
  const report = JSON.parse(fs.readFileSync(outFile, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
  };
  return {
    performance: Math.round(report.categories.performance!.score * 100),
    accessibility: Math.round(report.categories.accessibility!.score * 100),
    bestPractices: Math.round(report.categories['best-practices']!.score * 100),
    lcpSeconds: Number(
      ((report.audits['largest-contentful-paint']!.numericValue ?? 0) / 1000).toFixed(2),
    ),
    totalBlockingMs: Math.round(report.audits['total-blocking-time']!.numericValue ?? 0),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchLighthouse() {
  const portal = await startPortal();
  const rows = [];
  try {
    const practitioner = await benchPractitioner(portal.url);
    const profile = await signedInProfile(portal.url, practitioner.stored);
    const pages = await benchPages(portal.url, practitioner.token);
    for (const { label, path: pagePath, isSignedIn } of pages.filter(
      (page) => !ONLY_PAGES || ONLY_PAGES.includes(page.label),
    )) {
      const runs = Array.from({ length: RUNS }, () =>
        runLighthouse(`${portal.url}${pagePath}`, isSignedIn ? { userDataDir: profile } : {}),
      );
      const performance = median(runs.map((r) => r.performance));
      const totalBlockingMs = median(runs.map((r) => r.totalBlockingMs));
      rows.push({
        page: label,
        performance,
        'TBT ms': totalBlockingMs,
        accessibility: median(runs.map((r) => r.accessibility)),
        'best practices': median(runs.map((r) => r.bestPractices)),
        'LCP s': median(runs.map((r) => r.lcpSeconds)),
        budget: [
          checkBudget(`${label} performance`, performance, MIN_PERFORMANCE, 'min'),
          checkBudget(
            `${label} total blocking time ms`,
            totalBlockingMs,
            MAX_TOTAL_BLOCKING_MS,
            'max',
          ),
        ].includes('over budget')
          ? 'over budget'
          : `ok (perf ≥ ${MIN_PERFORMANCE}, TBT ≤ ${MAX_TOTAL_BLOCKING_MS} ms)`,
      });
    }
  } finally {
    await portal.stop();
  }
  printTable(`Lighthouse 12, mobile profile, median of ${RUNS}`, rows);
  writeResult('lighthouse', { runs: RUNS, rows });
  return rows;
}

if (import.meta.filename === process.argv[1]) {
  await benchLighthouse();
  reportBudgets();
}
