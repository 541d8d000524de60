// `npm start`: builds what is stale, then runs the portal (API + built web app on one port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_NODE_ARGS } from '../apps/api/server-node-args.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfStale();
const server = spawn(
  process.execPath,
  ['--enable-source-maps', ...SERVER_NODE_ARGS, path.join(ROOT, 'apps/api/dist/server.js')],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
