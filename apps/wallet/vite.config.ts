/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, but hands package imports to Node, which
// cannot load the domain package's TypeScript source.
import { DEFAULT_ACCOUNT_PROVIDER_NAME } from '../../packages/domain/src/constants.ts';

const DEFAULT_WALLET_PORT = 3003;

/** The document title before React renders: the configured provider name (brand is configuration). */
function providerNameInHtml(providerName: string): Plugin {
  return {
    name: 'ojo-provider-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%PROVIDER_NAME%', providerName),
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
    plugins: [react(), providerNameInHtml(env.VITE_PROVIDER_NAME || DEFAULT_ACCOUNT_PROVIDER_NAME)],
    server,
    preview: server,
    build: { outDir: 'dist', emptyOutDir: true },
    test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
  };
});
