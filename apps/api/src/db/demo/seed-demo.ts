// `npm run seed:demo`: fills the portal's database with the demo directory (demo-directory.ts);
// `npm run seed:demo -- --remove` removes exactly that again. The database is the one `npm start`
// uses: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (the running portal's, or started
// here for the while when the portal is stopped).
import { ConfigError, loadConfig } from '../../config.ts';
import { connectDatabase, migrateDatabase } from '../client.ts';
import {
  runningEmbeddedUrl,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../embedded-postgres.ts';
import { countDemoPractitioners, removeDemo, seedDemo } from './demo-seed.ts';

const isRemoval = process.argv.includes('--remove');
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(`seed:demo: ${error instanceof ConfigError ? error.message : String(error)}`);
  process.exit(1);
}

let embedded: EmbeddedServer | undefined;
let url = config.DATABASE_URL ?? runningEmbeddedUrl(config.dataDir);
if (!url) {
  embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
  url = embedded.url;
}
const database = connectDatabase(url, { max: 1 });
try {
  await migrateDatabase(database.db);
  if (isRemoval) {
    const removed = await removeDemo(database.db);
    console.log(
      removed
        ? `Removed the demo directory: ${removed} practitioners with their facilities, listings, patients and appointments.`
        : 'No demo directory to remove.',
    );
  } else if ((await countDemoPractitioners(database.db)) > 0) {
    console.log(
      'The demo directory is already there (npm run seed:demo -- --remove takes it away).',
    );
  } else {
    const counts = await seedDemo(database.db);
    console.log(
      `Added the demo directory: ${counts.practitioners} practitioners, ${counts.facilities} facilities, ${counts.patients} patients, ${counts.appointments} appointments.`,
    );
    console.log(
      'Its facilities are named "(demo)", its accounts have example.test addresses and cannot sign in; npm run seed:demo -- --remove takes it away.',
    );
  }
} catch (error) {
  console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await embedded?.stop();
}
