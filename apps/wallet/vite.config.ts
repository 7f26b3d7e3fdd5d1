/// <reference types="vitest/config" />
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, but hands package imports to Node, which
// cannot load the domain package's TypeScript source.
import { DEFAULT_ACCOUNT_PROVIDER_NAME } from '../../packages/domain/src/constants.ts';
import { securityHeadersPlugin } from '../../scripts/lib/front-end-headers.mjs';
import { devnetDeploymentsHandler } from '../../scripts/lib/front-end-server.mjs';

const DEFAULT_WALLET_PORT = 3003;
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The document title before React renders: the configured provider name (brand is configuration). */
function providerNameInHtml(providerName: string): Plugin {
  return {
    name: 'ojo-provider-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%PROVIDER_NAME%', providerName),
  };
}

/**
 * Serves `<DATA_DIR>/devnet/deployments.json` at `/devnet/deployments.json` in dev and in preview, as the production
 * server does for the local devnet (scripts/lib/front-end-server.mjs). Read per request: the front ends are built
 * while the devnet is still deploying, and a redeployed devnet must not need a rebuild. Only the public addresses
 * leave the file.
 */
function devnetDeployments(dataDir: string): Plugin {
  const middleware = devnetDeploymentsHandler(join(dataDir, 'devnet', 'deployments.json'));
  return {
    name: 'ojo-devnet-deployments',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const server = {
    port: Number(env.WALLET_PORT ?? DEFAULT_WALLET_PORT),
    strictPort: true,
    host: '127.0.0.1',
  };
  return {
    plugins: [
      react(),
      providerNameInHtml(env.VITE_PROVIDER_NAME || DEFAULT_ACCOUNT_PROVIDER_NAME),
      securityHeadersPlugin('wallet', env),
      devnetDeployments(resolve(repoRoot, env.DATA_DIR || '.data')),
    ],
    server,
    preview: server,
    build: { outDir: 'dist', emptyOutDir: true },
    test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000 },
  };
});
