// Lighthouse 12 (mobile profile) on /, /login and a signed-in /records: median of 3 runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { storeSession, type SignedInUser } from '../e2e/support/session.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { printTable, ROOT, signIn, startPortal, tempDir, writeResult } from './lib/portal.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE = path.join(ROOT, 'node_modules/.bin/lighthouse');

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpSeconds: number;
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
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8' },
  );
  if (!fs.existsSync(outFile)) throw new Error(`lighthouse failed: ${run.stderr}`);
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
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A Chromium profile whose storage holds a signed-in session for the portal's origin. */
async function signedInProfile(url: string): Promise<string> {
  const profile = tempDir('profile');
  const session = await signIn(url, 'lighthouse@example.test', 'Dr. Lighthouse');
  const { user } = (await (
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
    })
  ).json()) as SignedInUser;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  await storeSession(await context.newPage(), url, { idToken: session.token, user });
  await context.close();
  return profile;
}

export async function benchLighthouse() {
  const portal = await startPortal();
  const rows = [];
  try {
    const profile = await signedInProfile(portal.url);
    const pages: [string, { userDataDir?: string }][] = [
      ['/', {}],
      ['/login', {}],
      ['/records (signed in)', { userDataDir: profile }],
    ];
    for (const [label, options] of pages) {
      const pagePath = label.split(' ')[0]!;
      const runs = Array.from({ length: RUNS }, () =>
        runLighthouse(`${portal.url}${pagePath}`, options),
      );
      rows.push({
        page: label,
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        'best practices': median(runs.map((r) => r.bestPractices)),
        'LCP s': median(runs.map((r) => r.lcpSeconds)),
        targets: 'perf ≥ 95, a11y 100, BP ≥ 95, LCP ≤ 1.8 s',
      });
    }
  } finally {
    await portal.stop();
  }
  printTable(`Lighthouse 12, mobile profile, median of ${RUNS}`, rows);
  writeResult('lighthouse', { runs: RUNS, rows });
  return rows;
}

if (import.meta.filename === process.argv[1]) await benchLighthouse();
