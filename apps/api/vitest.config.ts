import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share their worker's modules (no file replaces one): importing Fastify, drizzle,
    // zod and pino once per worker, not once per file, saves about a quarter of the suite's CPU
    // (docs/decisions/0015-one-vitest-run-shared-modules.md).
    // Each file still builds its own app on its own database (test/app.ts).
    isolate: false,
    maxWorkers: 2,
  },
});
