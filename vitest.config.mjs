// The Vitest suites as one run (scripts/test-all.mjs): one pool of two workers takes the
// files of all of them, so neither core idles while one suite's last file finishes before the
// next suite starts. `cd <workspace> && npx vitest run` still runs one suite on its own.
// The web suite is two projects (apps/web/test-projects.mjs): Vitest 4 does not look for
// projects inside a project, so they are listed here.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { webTestProjects } from './apps/web/test-projects.mjs';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'eslint-rules',
      ...webTestProjects(fileURLToPath(new URL('./apps/web/vite.config.ts', import.meta.url))),
    ],
    maxWorkers: 2,
  },
});
