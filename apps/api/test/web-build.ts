import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { useTestApp, type TestContext } from './app.ts';

/**
 * The calling test file's app (`useTestApp`) serving a built web app: a temporary folder with
 * `index.html`, one hashed asset and any other `files` (path in the folder → content), removed
 * after the file's tests.
 */
export function useTestAppServingWebBuild(files: Record<string, string> = {}): TestContext {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const built = {
    'index.html': '<!doctype html><title>portal</title>',
    'assets/index-abc123.js': 'console.info(1)',
    ...files,
  };
  for (const [file, content] of Object.entries(built))
    fs.writeFileSync(path.join(dist, file), content);
  // Registered before the app's hooks, so it runs after the app has closed (Vitest runs
  // afterAll hooks last-registered first: `sequence.hooks: 'stack'`, its default).
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  return useTestApp({ deps: { webDistDir: dist } });
}
