import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Property tests run hundreds of cases; on a loaded 2-core machine 5 s is not a budget, only a hang detector.
    testTimeout: 30_000,
    // Local-time formatting is tested in a fixed zone so the suite gives the same answer on every machine.
    env: { TZ: 'Asia/Shanghai' },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts'],
      reporter: ['text'],
      thresholds: { branches: 95, lines: 95, functions: 95, statements: 95 },
    },
  },
});
