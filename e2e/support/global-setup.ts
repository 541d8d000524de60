import fs from 'node:fs';
import path from 'node:path';
import {
  DIRECTORY_REVIEWER,
  RESULTS_DIR,
  SUPPORT_STAFF,
  SERVER_ENTRY,
  startServer,
} from './server.ts';

/**
 * One shared server for the run; specs needing other configuration start their own. It logs
 * at info to `.test-results/e2e-server.log`, which the log-hygiene check scans afterwards.
 */
export default async function globalSetup() {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build');
  const server = await startServer({
    // REMINDERS_SWEEP_SECONDS: reminders come within a second of coming due (and the bell asks
    // that often), so a journey waits for the bell, not a minute (premier-journey.spec.ts).
    // DIRECTORY_REVIEWERS: the reviewer who approves the booking journey's listings.
    // SUPPORT_EMAILS: the staff member who answers the messages journey's question.
    env: {
      LOG_LEVEL: 'info',
      REMINDERS_SWEEP_SECONDS: '1',
      DIRECTORY_REVIEWERS: DIRECTORY_REVIEWER,
      SUPPORT_EMAILS: SUPPORT_STAFF,
    },
    logFile: path.join(RESULTS_DIR, 'e2e-server.log'),
  });
  process.env.E2E_BASE_URL = server.url;
  // Specs that need bulk data (10,000 patients) write it straight into the server's database.
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
