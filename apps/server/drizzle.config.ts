import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <area>` writes the next versioned SQL migration from the
// schema diff. The same files are applied to PGlite and PostgreSQL at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/kernel/db/schema/index.ts',
  out: './src/kernel/db/migrations',
});
