// `npm run dev`: the API with reload on change (tsx watch) and Vite with HMR proxying /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server.ts'], {
    cwd: 'apps/api',
    stdio: 'inherit',
  }),
  spawn('npx', ['vite'], {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: { ...process.env, API_PORT: process.env.PORT ?? '3000' },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
