// Writes .br and .gz beside every text file of the build, once, at maximum compression; the
// API serves them to browsers that accept them (@fastify/static `preCompressed`).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);

let count = 0;
for (const entry of fs.readdirSync(DIST, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.has(path.extname(file)) || file.includes(`${path.sep}.vite`))
    continue;
  const body = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} files (br, gz)`);
