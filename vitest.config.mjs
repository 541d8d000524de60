// The three Vitest suites as one run (scripts/test-all.mjs): one pool of two workers takes the
// files of all of them, so neither core idles while one suite's last file finishes before the
// next suite starts. `cd <workspace> && npx vitest run` still runs one suite on its own.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
    maxWorkers: 2,
  },
});
