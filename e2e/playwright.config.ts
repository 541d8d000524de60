import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

/** Real Debian Chromium (never a downloaded browser) against the built server. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Two, one per core of CI's machine; more do not help: the suite is bound by CPU (Chromium's
  // renderers included), not by its waits (docs/decisions/0018-e2e-headless-shell.md).
  workers: 2,
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
