import { readdirSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

// Every table file of src/schema, but not the tests that sit beside them (they import vitest).
const schemaFiles = readdirSync(new URL('./src/schema', import.meta.url))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => `./src/schema/${name}`);

// One schema, one migration folder for PGlite and PostgreSQL (ARCHITECTURE.md (Stack)).
export default defineConfig({
  dialect: 'postgresql',
  schema: schemaFiles,
  out: './migrations',
  strict: true,
  verbose: true,
});
