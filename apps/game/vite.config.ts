/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, but hands package imports to Node, which
// cannot load the domain package's TypeScript source.
import { DEFAULT_PRODUCT_NAME } from '../../packages/domain/src/constants.ts';
import { securityHeadersPlugin } from '../../scripts/lib/front-end-headers.mjs';

const DEFAULT_GAME_PORT = 3002;

/** The document title before React renders: the configured product name (brand is configuration). */
function productNameInHtml(productName: string): Plugin {
  return {
    name: 'ojo-product-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', productName),
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const server = { port: Number(env.GAME_PORT ?? DEFAULT_GAME_PORT), strictPort: true, host: '127.0.0.1' };
  return {
    plugins: [
      react(),
      productNameInHtml(env.VITE_PRODUCT_NAME || DEFAULT_PRODUCT_NAME),
      securityHeadersPlugin('game', env),
    ],
    server,
    preview: server,
    build: { outDir: 'dist', emptyOutDir: true },
    test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000 },
  };
});
