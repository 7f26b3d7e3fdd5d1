import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens an in-memory PGlite (seconds, about half a gigabyte) and a PostgreSQL database; the machine
    // is shared, so keep concurrency low.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph rather than a fresh one per file: the API's
    // imports are loaded twice per run instead of once per file (about 40 % of the suite's CPU). Every file opens
    // its own databases and apps, and a module's cache is kept per database (a WeakMap on it), so files share
    // nothing but code; a test that replaces a global (a spy, fake timers) restores it in a finally.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
