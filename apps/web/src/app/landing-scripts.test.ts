// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  LANDING_SCRIPTS_BUDGET_GZIP_BYTES,
  landingChunks,
  landingScriptsGzipBytes,
} from '../../vite.prerender.ts';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The production build, in memory (NODE_ENV is 'test' here, which would bundle React's development build). */
async function buildBundle(): Promise<Rollup.OutputBundle> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    root: webRoot,
    mode: 'production',
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const [output] = Array.isArray(result) ? result : [result];
  if (!output || !('output' in output)) throw new Error('the build gave no output');
  return Object.fromEntries(output.output.map((file) => [file.fileName, file]));
}

/*
 * The landing page's first download (README.md bench:home goal). Sizes are deterministic: the same source gives the
 * same bytes, so this is the budget the Lighthouse benchmark checks, without its timing.
 */
describe('the scripts the landing page starts with', () => {
  it('stay within the budget, without the router or the query library', async () => {
    const bundle = await buildBundle();
    expect(landingScriptsGzipBytes(bundle)).toBeLessThanOrEqual(LANDING_SCRIPTS_BUDGET_GZIP_BYTES);
    const { entry, imports } = landingChunks(bundle);
    const modules = [entry, ...imports].flatMap((chunk) => Object.keys(chunk.modules));
    expect(modules.filter((id) => /node_modules[\\/](react-router|@tanstack)[\\/]/.test(id))).toEqual([]);
  }, 120_000);
});
