/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, but hands package imports to Node, which
// cannot load the domain package's TypeScript source.
import { DEFAULT_PRODUCT_NAME } from '../../packages/domain/src/constants.ts';
import { securityHeadersPlugin } from '../../scripts/lib/front-end-headers.mjs';
import { LANDING_ENTRY, prerenderHome } from './vite.prerender.ts';

const DEFAULT_WEB_PORT = 3000;

/** Test files that need modules of their own (see `test.projects`): they mock modules, or test a first load. */
const FRESH_MODULE_TESTS = [
  'src/features/badge/components/badge-page.test.tsx',
  'src/features/game/components/last-season-card.test.tsx',
  'src/features/game/components/prize-pool-screen.test.tsx',
  'src/features/game/components/season-verify-screen.test.tsx',
  'src/components/ui/toast.test.tsx',
  'src/features/coin/components/buy-ojo-screen.test.tsx',
  'src/features/coin/components/coin-history-screen.test.tsx',
  'src/app/prerender.test.tsx',
  'src/app/prerender-hydration.test.tsx',
  'src/app/landing-page.test.tsx',
  'src/app/landing-scripts.test.ts',
];

/** The document title before React renders: the configured product name (brand is configuration). */
function productNameInHtml(productName: string): Plugin {
  return {
    name: 'ojo-product-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', productName),
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const port = Number(env.WEB_PORT ?? DEFAULT_WEB_PORT);
  const server = { port, strictPort: true, host: '127.0.0.1' };
  return {
    plugins: [
      react(),
      tailwindcss(),
      productNameInHtml(env.VITE_PRODUCT_NAME || DEFAULT_PRODUCT_NAME),
      prerenderHome(),
      securityHeadersPlugin('web', env),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server,
    preview: server,
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        // The landing page's own entry (src/landing.tsx), which the prerendered page starts (vite.prerender.ts).
        input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), landing: LANDING_ENTRY },
        output: {
          codeSplitting: {
            // The libraries every page runs, in chunks of their own: they stay cached when the app's code changes.
            // React apart from the router and the query library, which the landing page's first download does
            // without (src/landing.tsx). Only packages an entry needs anyway: a library that only lazy pages use
            // must not be named here, or it would join the first download.
            groups: [
              {
                name: 'react-vendor',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 10,
              },
              {
                name: 'app-vendor',
                test: /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      // A hang detector, not a budget: jsdom renders slowly on a loaded 2-core machine.
      testTimeout: 30_000,
      // Most files share a worker's jsdom and module graph (building a jsdom per file was half the suite's time);
      // the setup file unmounts every render after each test. Files that replace a module (`vi.mock`) or test what
      // a module does on its first load get a fresh one each.
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: FRESH_MODULE_TESTS,
            isolate: false,
          },
        },
        { extends: true, test: { name: 'fresh', include: FRESH_MODULE_TESTS } },
      ],
    },
  };
});
