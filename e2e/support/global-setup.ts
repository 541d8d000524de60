import fs from 'node:fs';
import { SERVER_ENTRY, startServer } from './server.ts';

/** One shared server for the run; specs needing other configuration start their own. */
export default async function globalSetup() {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build');
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
