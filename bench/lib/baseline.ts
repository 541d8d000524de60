import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './portal.ts';

/**
 * The server bundle of another commit (`BENCH_BASELINE=main~3`, a branch or a hash), built in a
 * detached worktree beside this one with this checkout's installed packages and web build: a
 * "before" measured in the same run as the current build, on the same database. Answers the
 * bundle's path and a function that removes the worktree.
 */
export function buildBaseline(revision: string): { entry: string; remove(): void } {
  const hash = execFileSync('git', ['rev-parse', '--short', revision], { cwd: ROOT })
    .toString()
    .trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-baseline-${hash}-`));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, hash], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
  };
  try {
    for (const folder of [
      'node_modules',
      'apps/api/node_modules',
      'packages/shared/node_modules',
      'apps/web/dist',
    ]) {
      if (fs.existsSync(path.join(ROOT, folder))) {
        fs.symlinkSync(path.join(ROOT, folder), path.join(dir, folder));
      }
    }
    execFileSync(process.execPath, ['build.mjs'], {
      cwd: path.join(dir, 'apps/api'),
      stdio: 'inherit',
    });
    return { entry: path.join(dir, 'apps/api/dist/server.js'), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
