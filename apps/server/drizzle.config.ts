import { defineConfig } from 'drizzle-kit';

// `npm run -w apps/server db:generate` writes SQL migrations from the schema; they are
// committed and applied at start (src/db/migrate.ts) on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
