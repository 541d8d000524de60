/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { webTestProjects } from './test-projects.mjs';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  },
  // The manifest tells the prerender (scripts/prerender.mjs) which files each page needs.
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    manifest: true,
    rolldownOptions: {
      // Files named by a short hash alone: the entry chunk lists every file a page may load, and
      // the names cost every first visit bytes (docs/decisions/0025-chunk-files-named-by-hash.md).
      // The manifest still names each file's modules. The app's own chunk keeps its name, which
      // the journeys of a page used before its app has started hold back.
      output: {
        chunkFileNames: (chunk) =>
          chunk.name === 'main' ? 'assets/main-[hash].js' : 'assets/[hash:7].js',
        assetFileNames: 'assets/[hash:7][extname]',
      },
      // care-plan-rrule.ts takes rrule's classes from `default` only where Node's CommonJS
      // namespace has one; the bundle gets rrule's ES build, where the guard finds none, as meant.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.id?.endsWith('/care-plan-rrule.ts')) return;
        handler(level, log);
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // As in the API suite: a component test that types into a form needs a few seconds of CPU,
    // and on a busy shared 2-core machine that can exceed Vitest's 5 s default. A wait for CPU,
    // not for a state that never comes.
    testTimeout: 30_000,
    // The same reasoning for polled expectations (focus moves, announcements): the 1 s default
    // is a timing assertion on a loaded machine; 5 s matches Testing Library's asyncUtilTimeout
    // in src/test/setup.ts.
    expect: { poll: { timeout: 5_000 } },
    // The non-isolated suite and the module-mocking files (test-projects.mjs).
    projects: webTestProjects(true),
  },
});
