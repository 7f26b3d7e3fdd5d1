// `npm start`: the whole product on one machine (ARCHITECTURE.md (Parts and processes)). Ctrl-C or SIGTERM stops every child.
import { startStack } from './lib/stack.mjs';

const log = (line) => console.log(`[start] ${line}`);
const startedAt = Date.now();
let stack;
let shuttingDown = false;

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  log('stopping…');
  await stack?.stop();
  log('stopped');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  // OJO_DIST_DIR lets a second stack on other ports keep its own front-end builds (used by the stack test).
  stack = await startStack({ log, distDir: process.env.OJO_DIST_DIR ?? 'dist' });
} catch (error) {
  console.error(`[start] ${error.message}`);
  await shutdown(1);
}

const { urls } = stack.config;
console.log(`
OJO Arena is running (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)

  web      ${urls.web}
  api      ${urls.api}   (OpenAPI: ${urls.api}/docs, health: ${urls.api}/healthz)
  game     ${urls.game}
  wallet   ${urls.wallet}
  chain    ${urls.chain}   (chain id 11124)
  bundler  ${urls.bundler}
  stand-ins ${urls.standIns}   (local X, Telegram, Discord, Google, Twitter, Apple; test users listed there)

Press Ctrl-C to stop.
`);
stack.unexpected.catch(async (error) => {
  console.error(`[start] ${error.message}`);
  await shutdown(1);
});
