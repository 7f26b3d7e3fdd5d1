// Starts and stops the whole product: devnet (anvil + alto + contracts), api, web, game and wallet; the API and the
// front ends run from their builds, made first when their sources changed.
// Used by `npm start` and by the end-to-end test run, which starts a second stack on other ports.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// stand_ins: the local X, Telegram, Discord, Coinbase Exchange, Google, Twitter and Apple (apps/stand-ins), env
// STAND_INS_PORT.
const DEFAULT_PORTS = {
  web: 3000,
  api: 3001,
  game: 3002,
  wallet: 3003,
  chain: 8545,
  bundler: 4337,
  stand_ins: 3004,
};

/**
 * `WEB_PORT`, `API_PORT`, ... for a test stack: ports that were free a moment ago, all different, so two test runs
 * on one machine (two checkouts, or CI beside a developer) never meet. All are held open until every one is known.
 */
export async function freeStackPorts() {
  const servers = await Promise.all(
    Object.keys(DEFAULT_PORTS).map(
      () =>
        new Promise((resolvePort, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolvePort(server));
        }),
    ),
  );
  const ports = Object.fromEntries(
    Object.keys(DEFAULT_PORTS).map((name, index) => [
      `${name.toUpperCase()}_PORT`,
      String(servers[index].address().port),
    ]),
  );
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

/** Ports and origins from the environment (WEB_PORT, API_PORT, ...), defaults of ARCHITECTURE.md (Parts and processes). */
export function stackConfig(env = process.env) {
  const port = (name) => Number(env[`${name.toUpperCase()}_PORT`] ?? DEFAULT_PORTS[name]);
  const ports = Object.fromEntries(Object.keys(DEFAULT_PORTS).map((name) => [name, port(name)]));
  const host = env.PUBLIC_HOST ?? 'localhost';
  const origin = (name) => `http://${host}:${ports[name]}`;
  return {
    ports,
    dataDir: resolve(env.DATA_DIR ?? join(repoRoot, '.data')),
    urls: {
      web: origin('web'),
      api: origin('api'),
      game: origin('game'),
      wallet: origin('wallet'),
      chain: `http://127.0.0.1:${ports.chain}`,
      bundler: `http://127.0.0.1:${ports.bundler}`,
      standIns: origin('stand_ins'),
    },
  };
}

/**
 * X, Telegram and Discord for the API's task verifiers (apps/api/src/modules/tasks/config.ts), Google, Twitter and
 * Apple for the old users' login, and the stand-ins' registered apps, bot, channel and guild
 * (apps/stand-ins/src/config.ts): the same variables, so both agree; and
 * the stand-in's Coinbase Exchange feed for the race and the prices (used when GAME_MARKET_FEED=coinbase or
 * PRICE_SOURCE=coinbase). Each one set in the
 * environment wins, so `npm start` can point the API at the real services instead.
 */
function standInPlatformEnv(base, env) {
  const local = {
    X_CLIENT_ID: 'ojo-local-x',
    X_CLIENT_SECRET: 'ojo-local-x-secret',
    X_AUTHORIZE_URL: `${base}/x/i/oauth2/authorize`,
    X_API_URL: `${base}/x`,
    X_POST_INTENT_URL: `${base}/x/intent/post`,
    TELEGRAM_BOT_TOKEN: '7000000001:ojo-local-bot-token',
    TELEGRAM_BOT_API_URL: `${base}/telegram`,
    TELEGRAM_BOT_USERNAME: 'ojo_arena_local_bot',
    TELEGRAM_LINK_URL: `${base}/telegram/t.me`,
    TELEGRAM_CHANNEL: '@ojo_arena_local',
    // New for every stack: Telegram (here the stand-in) proves each webhook call with it.
    TELEGRAM_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    DISCORD_CLIENT_ID: '1300000000000000001',
    DISCORD_CLIENT_SECRET: 'ojo-local-discord-secret',
    DISCORD_AUTHORIZE_URL: `${base}/discord/oauth2/authorize`,
    DISCORD_API_URL: `${base}/discord/api`,
    DISCORD_GUILD_ID: '1300000000000000100',
    DISCORD_INVITE_CODE: 'ojo-local',
    DISCORD_INVITE_URL: `${base}/discord/invite/ojo-local`,
    // The race's real market feed when GAME_MARKET_FEED=coinbase: the stand-in's Coinbase Exchange WebSocket feed
    // (set GAME_MARKET_FEED_URL=wss://ws-feed.exchange.coinbase.com for the exchange itself).
    GAME_MARKET_FEED_URL: `${base.replace(/^http/, 'ws')}/coinbase/ws`,
    // The same feed for the wallet's USD prices when PRICE_SOURCE=coinbase: both share one connection per API node.
    PRICE_COINBASE_WS_URL: `${base.replace(/^http/, 'ws')}/coinbase/ws`,
    // The old users' Google, Twitter and Apple logins: one OpenID issuer each on the stand-ins, which register the
    // API's web client with these ids and secrets (apps/stand-ins/src/config.ts has the same defaults).
    OIDC_GOOGLE_ISSUER: `${base}/oidc/google`,
    OIDC_GOOGLE_CLIENT_ID: 'ojo-arena-web',
    OIDC_GOOGLE_CLIENT_SECRET: 'ojo-local-google-secret',
    OIDC_TWITTER_ISSUER: `${base}/oidc/twitter`,
    OIDC_TWITTER_CLIENT_ID: 'ojo-arena-web',
    OIDC_TWITTER_CLIENT_SECRET: 'ojo-local-twitter-secret',
    OIDC_APPLE_ISSUER: `${base}/oidc/apple`,
    OIDC_APPLE_CLIENT_ID: 'ojo-arena-web',
    OIDC_APPLE_CLIENT_SECRET: 'ojo-local-apple-secret',
  };
  return Object.fromEntries(Object.entries(local).map(([name, value]) => [name, env[name] ?? value]));
}

/**
 * On a stack only this machine reaches (no PUBLIC_HOST), every player is one client address (127.0.0.1): the
 * per-address limits would stop the demo and the end-to-end runs after a few players. Set in the environment wins.
 */
function oneClientLimits(env) {
  if (env.PUBLIC_HOST) return {};
  const local = { PROFILE_DAILY_PER_CLIENT: '1000', GAS_MAX_CLIENT_SHARE_BPS: '10000' };
  return Object.fromEntries(Object.entries(local).map(([name, value]) => [name, env[name] ?? value]));
}

/** The environment every child gets, so all parts agree on ports, origins and the data folder. */
export function childEnv(config, env = process.env) {
  const { ports, urls, dataDir } = config;
  return {
    ...env,
    ...oneClientLimits(env),
    // The API's X, Telegram and Discord adapters talk to the stand-ins (their clients and bot are the stand-ins'
    // defaults); the webhook secret is new for every stack. Real services are the same variables, set by hand.
    STAND_INS_PORT: String(ports.stand_ins),
    STAND_INS_HOST: env.STAND_INS_HOST ?? (env.PUBLIC_HOST ? '0.0.0.0' : '127.0.0.1'),
    STAND_INS_URL: urls.standIns,
    ...standInPlatformEnv(urls.standIns, env),
    DATA_DIR: dataDir,
    WEB_PORT: String(ports.web),
    API_PORT: String(ports.api),
    GAME_PORT: String(ports.game),
    WALLET_PORT: String(ports.wallet),
    CHAIN_PORT: String(ports.chain),
    BUNDLER_PORT: String(ports.bundler),
    WEB_ORIGIN: urls.web,
    GAME_ORIGIN: urls.game,
    WALLET_ORIGIN: urls.wallet,
    API_URL: urls.api,
    CHAIN_RPC_URL: urls.chain,
    BUNDLER_URL: urls.bundler,
    VITE_API_URL: urls.api,
    VITE_WEB_ORIGIN: urls.web,
    VITE_GAME_ORIGIN: urls.game,
    VITE_WALLET_ORIGIN: urls.wallet,
    VITE_CHAIN_RPC_URL: urls.chain,
    VITE_BUNDLER_URL: urls.bundler,
  };
}

const FRONT_ENDS = ['web', 'game', 'wallet'];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('dist') || entry.name === 'test-results')
      continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** What a build writes besides the bundle: the security headers (front-end-headers.mjs). */
const BUILD_SCRIPTS = [join(repoRoot, 'scripts/lib/front-end-headers.mjs')];

/** A front end is rebuilt when its sources, the shared packages or its public configuration changed. */
function buildStamp(app, env) {
  const sources = [
    ...[join(repoRoot, 'apps', app), join(repoRoot, 'packages')].map(newestMtime),
    ...BUILD_SCRIPTS.map((file) => statSync(file).mtimeMs),
  ];
  const viteEnv = Object.entries(env)
    .filter(([key]) => key.startsWith('VITE_'))
    .sort();
  return createHash('sha256').update(JSON.stringify({ sources, viteEnv })).digest('hex');
}

function run(command, args, options) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
    child.on('error', reject);
  });
}

export async function buildFrontEnds(env, log, distDir = 'dist') {
  await Promise.all(
    FRONT_ENDS.map(async (app) => {
      const stampFile = join(repoRoot, 'apps', app, distDir, '.build-stamp');
      const stamp = buildStamp(app, env);
      if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
      log(`building ${app}…`);
      await run(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--outDir', distDir, '--emptyOutDir'], {
        cwd: join(repoRoot, 'apps', app),
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      writeFileSync(stampFile, stamp);
    }),
  );
}

/** The API's bundle (apps/api/scripts/build.mjs), rebuilt when its sources, the packages or the lockfile changed. */
export async function buildApi(log, distDir = 'dist') {
  const apiDir = join(repoRoot, 'apps/api');
  const stampFile = join(apiDir, distDir, '.build-stamp');
  const sources = [
    ...[apiDir, join(repoRoot, 'packages')].map(newestMtime),
    statSync(join(repoRoot, 'package-lock.json')).mtimeMs,
  ];
  const stamp = createHash('sha256').update(JSON.stringify(sources)).digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  log('building api…');
  await run(process.execPath, ['scripts/build.mjs', '--outdir', distDir], {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(stampFile, stamp);
}

async function isUp(check) {
  try {
    return await check();
  } catch {
    return false;
  }
}

async function rpc(url, method) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(2000),
  });
  return (await response.json()).result;
}

export async function waitFor(name, check, { timeoutMs = 120_000, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isUp(check)) return;
    if (!isAlive()) throw new Error(`${name} stopped before it was ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s`);
}

/**
 * Starts every process of the product. Resolves once all six answer. `stop()` ends every child it started
 * (each in its own process group, so grandchildren such as anvil and alto go too).
 */
export async function startStack({
  env = process.env,
  log = console.log,
  quiet = false,
  distDir = 'dist',
} = {}) {
  const config = stackConfig(env);
  const environment = childEnv(config, env);
  mkdirSync(config.dataDir, { recursive: true });
  const children = new Map();
  let stopping = false;
  let onUnexpectedExit = () => {};

  const startChild = (name, command, args, cwd = repoRoot) => {
    const child = spawn(command, args, {
      cwd,
      env: environment,
      detached: true,
      stdio: ['ignore', quiet ? 'ignore' : 'pipe', quiet ? 'ignore' : 'pipe'],
    });
    const prefix = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk) => {
        for (const line of chunk.toString().split('\n'))
          if (line.trim()) process.stdout.write(`${prefix}${line}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (!stopping) onUnexpectedExit(name, code ?? signal);
    });
    children.set(name, child);
    return child;
  };

  const stop = async () => {
    stopping = true;
    const exits = [...children.values()].map(
      (child) =>
        new Promise((resolveExit) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolveExit();
          child.once('exit', resolveExit);
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            resolveExit();
          }
          setTimeout(() => {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {}
          }, 10_000).unref();
        }),
    );
    await Promise.all(exits);
  };

  const unexpected = new Promise((_, reject) => {
    onUnexpectedExit = (name, how) => reject(new Error(`${name} exited unexpectedly (${how})`));
  });
  unexpected.catch(() => {});

  const ok = async (url) => (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  try {
    // Node itself with tsx's loader, not the tsx CLI: the CLI is a second process that relays signals and, when the
    // child does not acknowledge one within 30 ms (a loaded machine), kills it with SIGKILL mid-shutdown.
    const typescript = (file) => ['--import', 'tsx', file];
    startChild('devnet', process.execPath, typescript('packages/devnet/src/cli.ts'));
    const builds = buildFrontEnds(environment, log, distDir);
    // The API runs as it does in production, from its bundle: the build takes seconds and proves the bundle starts.
    const apiBuild = buildApi(log, distDir);
    apiBuild.catch(() => {}); // awaited below; a failure must not end the process before then
    const deployments = join(config.dataDir, 'devnet', 'deployments.json');
    const devnetAlive = () => children.has('devnet');
    await Promise.race([
      unexpected,
      waitFor('chain', async () => (await rpc(config.urls.chain, 'eth_chainId')) === '0x2b74', {
        isAlive: devnetAlive,
      }),
    ]);
    await Promise.race([
      unexpected,
      waitFor(
        'bundler',
        async () => (await rpc(config.urls.bundler, 'eth_supportedEntryPoints'))?.length > 0,
        {
          isAlive: devnetAlive,
        },
      ),
    ]);
    await Promise.race([unexpected, waitFor('deployments', async () => existsSync(deployments))]);
    // The API sets its Telegram webhook at start, so the stand-ins answer first.
    startChild('stand-ins', process.execPath, typescript('apps/stand-ins/src/main.ts'));
    await Promise.race([unexpected, waitFor('stand-ins', () => ok(`${config.urls.standIns}/healthz`))]);
    await Promise.race([unexpected, apiBuild]);
    startChild('api', process.execPath, ['--enable-source-maps', join('apps/api', distDir, 'server.js')]);
    await Promise.race([unexpected, builds]);
    // The production server (scripts/serve-front-end.mjs), so what runs here is what a deployment runs; only the
    // wallet's devnet addresses are extra.
    for (const app of FRONT_ENDS) {
      startChild(app, process.execPath, [
        'scripts/serve-front-end.mjs',
        app,
        '--dist',
        join(repoRoot, 'apps', app, distDir),
        '--port',
        String(config.ports[app]),
        ...(app === 'wallet' ? ['--devnet-deployments', deployments] : []),
      ]);
    }
    await Promise.race([
      unexpected,
      Promise.all([
        waitFor('api', () => ok(`${config.urls.api}/healthz`)),
        ...FRONT_ENDS.map((app) => waitFor(app, () => ok(config.urls[app]))),
      ]),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { config, stop, unexpected };
}
