// Rebuilds the web app and the API bundle only when a source is newer than the output.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(ROOT, ...parts);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const outputTime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1);
const shared = [at('packages/shared/src'), at('package-lock.json')];

const targets = [
  {
    name: 'web app',
    workspace: 'apps/web',
    // Written only by the whole build (after both Vite builds and the prerender): a plain
    // `vite build` empties dist/ and leaves no prerendered pages, so it must count as stale.
    output: at('apps/web/dist/prerendered/pages.json'),
    inputs: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/scripts'),
      at('apps/web/package.json'),
      ...shared,
    ],
  },
  {
    name: 'API',
    workspace: 'apps/api',
    output: at('apps/api/dist/server.js'),
    inputs: [at('apps/api/src'), at('apps/api/build.mjs'), ...shared],
  },
];

export function buildIfStale({ quiet = false } = {}) {
  for (const target of targets) {
    const newest = Math.max(...target.inputs.map(newestMtime));
    if (newest <= outputTime(target.output)) continue;
    if (!quiet) console.log(`Building the ${target.name}…`);
    execFileSync('npm', ['run', 'build', '-w', target.workspace, '--silent'], {
      cwd: ROOT,
      stdio: quiet ? 'pipe' : 'inherit',
    });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
