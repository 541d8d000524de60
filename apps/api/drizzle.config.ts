import fs from 'node:fs';
import { defineConfig } from 'drizzle-kit';

/** The kinds declared in src/kinds keep their tables in their declaration (tests aside). */
const kindFiles = fs
  .readdirSync('./src/kinds')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => `./src/kinds/${file}`);

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/index.ts', ...kindFiles],
  out: './src/db/migrations',
});
