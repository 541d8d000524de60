// The web suite's two Vitest projects, named once for both places that run them: this
// workspace's own config (apps/web/vite.config.ts, `cd apps/web && npx vitest run`) and the root
// config that runs every suite in one pool (vitest.config.mjs, `npm test`). Vitest 4 ignores
// `test.projects` inside a project, so the root must list these itself; otherwise the root run
// takes the web workspace as one isolated project and pays for a fresh jsdom, setup file and
// module graph in every file (docs/decisions/0015-one-vitest-run-shared-modules.md).
//
// Test files that replace a module (`vi.mock`) run isolated, each in a fresh module graph:
// sharing one, the module may already be loaded unmocked by an earlier file, and the mock is
// then never called. Every other file shares its worker's modules
// (React, the store, i18n and the jsdom are built once per worker rather than once per file).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = import.meta.dirname;
const SOURCE = path.join(ROOT, 'src');
const MODULE_MOCKS = fs
  .readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(fs.readFileSync(path.join(SOURCE, file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/**
 * @param {true | string} base `true` inside this workspace's config; from elsewhere, the path
 *   of apps/web/vite.config.ts, whose plugins and test options both projects extend.
 */
export function webTestProjects(base) {
  const shared = { extends: base, root: ROOT };
  return [
    {
      ...shared,
      test: {
        name: '@portal/web',
        isolate: false,
        exclude: ['**/node_modules/**', ...MODULE_MOCKS],
      },
    },
    { ...shared, test: { name: '@portal/web (module mocks)', include: MODULE_MOCKS } },
  ];
}
