import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens an in-memory PGlite (seconds, about half a gigabyte) and a PostgreSQL database; the machine
    // is shared, so keep concurrency low.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
