import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MANIFEST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/dist/.vite/manifest.json',
);

/**
 * The built file of a web app module (`src/…`, as the build's manifest names it): chunks are
 * named by hash alone (docs/decisions/0025-chunk-files-named-by-hash.md), e.g. `assets/Ab3dE7f.js`.
 */
export function builtFileOf(source: string): string {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the web app's build manifest`);
  return chunk.file;
}
