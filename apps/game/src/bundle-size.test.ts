import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The game frame's first load stays small: at most 150 KB of gzip JavaScript (the entry chunk and every chunk it
 * imports statically), measured on a real production build.
 */
const BUDGET_BYTES = 150 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));

describe('game bundle', () => {
  it('loads at most 150 KB of gzip JavaScript first', { timeout: 120_000 }, async () => {
    // Vitest runs with NODE_ENV=test, which would bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const result = (await build({
      root,
      mode: 'production',
      logLevel: 'silent',
      build: { write: false },
    }).finally(() => {
      process.env.NODE_ENV = nodeEnv;
    })) as Rollup.RollupOutput;
    const chunks = new Map(
      result.output
        .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
        .map((c) => [c.fileName, c]),
    );
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
    expect(entry).toBeDefined();
    const initial = new Set<string>();
    const visit = (name: string) => {
      if (initial.has(name)) return;
      initial.add(name);
      for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
    };
    visit(entry?.fileName ?? '');
    const gzipBytes = [...initial].reduce(
      (sum, name) => sum + gzipSync(chunks.get(name)?.code ?? '', { level: 9 }).length,
      0,
    );
    console.info(`game first-load JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzip (budget 150 KB)`);
    expect(gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
