import { defineConfig } from 'drizzle-kit';

// One schema, one migration folder for PGlite and PostgreSQL (DESIGN.md section 4).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/*.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
