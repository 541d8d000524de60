import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The kinds declared in src/kinds keep their tables in their declaration.
  schema: ['./src/db/schema/index.ts', './src/kinds/*.ts'],
  out: './src/db/migrations',
});
