#!/usr/bin/env node
// Serves one built front end in production (and in `npm start`), with the security headers of its build:
//
//   node scripts/serve-front-end.mjs <web|game|wallet> [--dist <folder>] [--port <n>] [--host <address>]
//                                    [--devnet-deployments <file>]
//
// --dist defaults to apps/<app>/dist, --port to the app's port variable (WEB_PORT, GAME_PORT, WALLET_PORT) or its
// default, --host to HOST or 127.0.0.1. --devnet-deployments (wallet, local devnet only) serves the contract
// addresses of that deployments file at /devnet/deployments.json. Stops cleanly on SIGTERM and SIGINT.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FRONT_END_APPS } from './lib/front-end-headers.mjs';
import { createFrontEndServer, devnetDeploymentsHandler } from './lib/front-end-server.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PORTS = { web: 3000, game: 3002, wallet: 3003 };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dist: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'devnet-deployments': { type: 'string' },
  },
});
const [app] = positionals;
if (!FRONT_END_APPS.includes(app)) {
  console.error(
    `usage: serve-front-end.mjs <${FRONT_END_APPS.join('|')}> [--dist dir] [--port n] [--host h]`,
  );
  process.exit(2);
}
const port = Number(values.port ?? process.env[`${app.toUpperCase()}_PORT`] ?? DEFAULT_PORTS[app]);
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const root = values.dist ?? join(repoRoot, 'apps', app, 'dist');
const deployments = values['devnet-deployments'];

let server;
try {
  server = createFrontEndServer({
    root,
    handlers: deployments ? [devnetDeploymentsHandler(deployments)] : [],
  });
} catch (error) {
  console.error(`[${app}] ${error.message}`);
  process.exit(1);
}
server.on('error', (error) => {
  console.error(`[${app}] ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => console.log(`${app} served from ${root} at http://${host}:${port}`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
