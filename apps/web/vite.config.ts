/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Test files that replace a module (`vi.mock`). They run isolated, each in a fresh module
 * graph: sharing one, the module may already be loaded unmocked by an earlier file (seen:
 * premier-page's mocked redirect never called). Every other file shares its worker's modules:
 * the web suite then takes 56 s of CPU instead of 169 s (importing React, the store and i18n,
 * and building a jsdom, once per worker rather than once per file).
 */
const SOURCE = path.join(import.meta.dirname, 'src');
const MODULE_MOCKS = fs
  .readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(fs.readFileSync(path.join(SOURCE, file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

export default defineConfig({
  plugins: [react()],
  // The prerender's server build bundles redux-persist: its ES build does not load in Node.
  ssr: { noExternal: ['redux-persist'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  },
  // The manifest tells the prerender (scripts/prerender.mjs) which files each page needs.
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 0, manifest: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // As in the API suite: a component test that types into a form needs a few seconds of CPU,
    // and on a shared 2-core machine at load 20 that took over Vitest's 5 s default (seen once:
    // profile-form.test.tsx, 5.3 s). A wait for CPU, not for a state that never comes.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: '@portal/web',
          isolate: false,
          exclude: ['**/node_modules/**', ...MODULE_MOCKS],
        },
      },
      { extends: true, test: { name: '@portal/web (module mocks)', include: MODULE_MOCKS } },
    ],
  },
});
