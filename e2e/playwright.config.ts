import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

/** Real Debian Chromium (never a downloaded browser) against the built server. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Two per core, at most six: a journey mostly waits (for the server, a debounce, a timer, an
  // animation). On CI's 2 cores, two workers ran the 157 journeys in 370 s using 287 s of CPU,
  // 39 % of what the cores had (measured with /usr/bin/time, every child process included).
  workers: Math.min(2 * os.availableParallelism(), 6),
  retries: 0,
  timeout: 30_000,
  // Generous on a shared 2-core machine: these are waits for a state, not speed checks.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-results/e2e.json' }]],
  outputDir: '../.test-results/e2e-artifacts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
