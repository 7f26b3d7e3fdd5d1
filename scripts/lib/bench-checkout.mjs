// The API node `npm run bench:players` measures, for one checkout: a temporary worktree of an older commit, the
// API built as production runs it, a fresh PostgreSQL database, and signed-in players. Everything it starts or
// makes is undone by `cleanUp()`.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot, waitFor } from './stack.mjs';

const POSTGRES_URL = process.env.OJO_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SAAS_ID = 'ojo-arena-bench';
const DIST = 'dist-bench';
const SEEDER = 'apps/api/bench/seed-players.ts';
/** Short rounds, as the e2e stack runs them (scripts/test.mjs), so every step sees betting open at least once. */
export const ROUND_ENV = {
  GAME_BETTING_MS: '10000',
  GAME_RACE_MS: '6000',
  GAME_RESULTS_MS: '4000',
  GAME_MIN_STAKE_POINT: '1',
  GAME_SNAPSHOT_DEADLINE_MS: '60000',
};

const cleanups = [];
const onCleanUp = (cleanup) => cleanups.push(cleanup);

/** Undoes everything this module started or made, newest first. */
export async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

/** A new folder under the system's temporary one, removed at `cleanUp()`. */
function temporaryFolder(prefix) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  onCleanUp(async () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to its end; rejects with its output when it fails. Answers its stdout. */
function run(command, args, { cwd, env = process.env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${args.join(' ')} exited with ${code}:\n${stderr}`)),
    );
  });
}

/**
 * A worktree of `ref` in a temporary folder with this checkout's installed packages (no install): every package
 * linked, but the workspaces' own relative links (node_modules/@ojo) copied, so they point at the worktree's
 * sources, and each workspace's node_modules linked. Removed at `cleanUp()`.
 */
export function addWorktree(ref) {
  const folder = mkdtempSync(path.join(tmpdir(), 'ojo-bench-players-'));
  const checkout = path.join(folder, 'checkout');
  const git = (...args) => spawnSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' });
  const added = git('worktree', 'add', '--detach', checkout, ref);
  if (added.status !== 0) throw new Error(`git worktree add ${ref} failed: ${added.stderr}`);
  onCleanUp(async () => {
    git('worktree', 'remove', '--force', checkout);
    rmSync(folder, { recursive: true, force: true });
    git('worktree', 'prune');
  });
  const modules = path.join(repoRoot, 'node_modules');
  mkdirSync(path.join(checkout, 'node_modules'));
  for (const name of readdirSync(modules)) {
    if (name === '.vite') continue;
    const target = path.join(checkout, 'node_modules', name);
    if (name === '@ojo')
      cpSync(path.join(modules, name), target, { recursive: true, verbatimSymlinks: true });
    else symlinkSync(path.join(modules, name), target);
  }
  const workspaces = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces;
  for (const workspace of workspaces) {
    const own = path.join(repoRoot, workspace, 'node_modules');
    if (existsSync(own) && existsSync(path.join(checkout, workspace))) {
      symlinkSync(own, path.join(checkout, workspace, 'node_modules'));
    }
  }
  return checkout;
}

/** A throw-away database on the PostgreSQL server, dropped at the end of the run. */
async function createBenchDatabase() {
  const name = `ojo_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  onCleanUp(async () => {
    const dropper = new pg.Client({ connectionString: POSTGRES_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The checkout's API (node with `entry`, from `apiEntry`) as production runs it: NODE_ENV=production
 * with its secrets, one client address lifted from the global rate limit (every player is 127.0.0.1 here), no chain
 * (none of the driven calls reads it). Resolves once its health says the database answers.
 */
async function startApi(checkout, entry, databaseUrl, jwtSecret) {
  const port = await freePort();
  const dataDir = temporaryFolder('ojo-bench-players-data-');
  const identityKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const child = spawn(process.execPath, entry, {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SAAS_ID,
      JWT_SECRET: jwtSecret,
      IDENTITY_PRIVATE_JWK: JSON.stringify(identityKey),
      API_SIGNER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      BUNDLER_URL: 'http://127.0.0.1:9',
      INDEXER_ENABLED: 'false',
      RATE_LIMIT_MAX: '1000000000',
      ...ROUND_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      output = (output + chunk).slice(-20_000);
    });
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  onCleanUp(stop);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'the API',
    async () => {
      const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      return (await health.json()).database?.ok === true;
    },
    { timeoutMs: 120_000, isAlive: () => child.exitCode === null },
  ).catch((error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  return { url, stop, output: () => output };
}

/** `count` signed-in players, made by the checkout's own code (the seeder is copied into an older checkout). */
async function seedPlayers(checkout, databaseUrl, jwtSecret, count) {
  if (checkout !== repoRoot) {
    mkdirSync(path.dirname(path.join(checkout, SEEDER)), { recursive: true });
    copyFileSync(path.join(repoRoot, SEEDER), path.join(checkout, SEEDER));
  }
  const stdout = await run(process.execPath, ['--import', 'tsx', SEEDER], {
    cwd: checkout,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      BENCH_PLAYERS: String(count),
      DATA_DIR: temporaryFolder('ojo-bench-players-seed-'),
    },
  });
  const line = stdout.split('\n').find((text) => text.startsWith('['));
  if (!line) throw new Error(`the seeder printed no players:\n${stdout}`);
  return JSON.parse(line);
}

/**
 * How the checkout's production ran its API: built (apps/api/scripts/build.mjs) and started with plain node, or,
 * on a commit from before the build step, its sources through tsx. Answers node's arguments from the checkout.
 */
async function apiEntry(checkout) {
  const api = path.join(checkout, 'apps/api');
  if (!existsSync(path.join(api, 'scripts/build.mjs'))) return ['--import', 'tsx', 'apps/api/src/server.ts'];
  await run(process.execPath, ['scripts/build.mjs', '--outdir', DIST], { cwd: api });
  return ['--enable-source-maps', path.join('apps/api', DIST, 'server.js')];
}

/**
 * One checkout ready to measure: its API built and started on a fresh database, and `players` signed-in players.
 * Answers `{ url, players, output }` (`output()`: the API's last lines); the API stops at `cleanUp()`.
 */
export async function prepareCheckout(label, checkout, players) {
  console.log(`[${label}] building and starting the API (${path.relative(process.cwd(), checkout) || '.'})…`);
  const entry = await apiEntry(checkout);
  const databaseUrl = await createBenchDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  const api = await startApi(checkout, entry, databaseUrl, jwtSecret);
  const seeded = await seedPlayers(checkout, databaseUrl, jwtSecret, players);
  return { url: api.url, players: seeded, output: api.output };
}
