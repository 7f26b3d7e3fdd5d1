#!/usr/bin/env node
// `npm run bench:players`: how many players one API node holds, beside the same run on the previous commit.
// For each checkout (a temporary git worktree of `--before`, default HEAD~1, then this one) it builds the API as
// production runs it (apps/api/scripts/build.mjs, plain `node`, NODE_ENV=production) on a fresh PostgreSQL database,
// with short race phases, signs players in (apps/api/bench/seed-players.ts) and ramps them up in steps. Each player
// holds the race's WebSocket and, every few seconds, does one action: a bet once per round while betting is open,
// else a read of its task list, check-in status, point ledger or wallet history (scripts/lib/player-mix.mjs).
// Each step prints the calls' p50/p99 and the errors; a step is held at p99 <= 200 ms with no error, and the run's
// figure is its largest held step. The ramp stops at errors or at a p99 far over the limit. The load generator runs
// in this process: its event-loop delay is printed, so a saturated generator is not taken for a slow API.
// Options: --max-players=<n> (default 400), --first=<n> (25), --step-seconds=<s> (20), --warmup-seconds=<s> (10),
// --think-ms=<ms> (3000, ± a third), --before=<git ref> (HEAD~1; `none` measures this checkout alone).
// Only stable public routes and the socket are driven, so the previous commit runs the same load.
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
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { checkInStatusRoute } from '@ojo/api-contract/check-in';
import { JWT_HEADER, SAAS_ID_HEADER } from '@ojo/api-contract/envelope';
import { placeBetRoute } from '@ojo/api-contract/game/http';
import { GAME_SOCKET_PATH } from '@ojo/api-contract/game/socket';
import { pointLedgersRoute } from '@ojo/api-contract/member';
import { routePath } from '@ojo/api-contract/route-path';
import { taskListRoute } from '@ojo/api-contract/tasks';
import { tokenHistoriesRoute } from '@ojo/api-contract/wallet';
import { TASK_LIST_QUERY } from '@ojo/domain/constants';
import pg from 'pg';
import { WebSocket } from 'ws';
import {
  isSaturated,
  mostPlayersHeld,
  nextAction,
  rampSteps,
  stepTable,
  summariseStep,
  thinkTimeMs,
} from './lib/player-mix.mjs';
import { repoRoot, waitFor } from './lib/stack.mjs';

const options = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [key, value] = arg.slice(2).split('=');
      return [key, value ?? 'true'];
    }),
);
const MAX_PLAYERS = Number(options['max-players'] ?? 400);
const FIRST_STEP = Math.min(Number(options.first ?? 25), MAX_PLAYERS);
const STEP_SECONDS = Number(options['step-seconds'] ?? 20);
const WARMUP_SECONDS = Number(options['warmup-seconds'] ?? 10);
const THINK_MS = Number(options['think-ms'] ?? 3000);
const BEFORE = options.before ?? 'HEAD~1';
const P99_LIMIT_MS = 200;
const POSTGRES_URL = process.env.OJO_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SAAS_ID = 'ojo-arena-bench';
const DIST = 'dist-bench';
const SEEDER = 'apps/api/bench/seed-players.ts';
/** Short rounds, as the e2e stack runs them (scripts/test.mjs), so every step sees betting open at least once. */
const ROUND_ENV = {
  GAME_BETTING_MS: '10000',
  GAME_RACE_MS: '6000',
  GAME_RESULTS_MS: '4000',
  GAME_MIN_STAKE_POINT: '1',
  GAME_SNAPSHOT_DEADLINE_MS: '60000',
};

const cleanups = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
 * A worktree of `ref` in a temporary folder with this checkout's installed packages, linked as /work/mkwt.sh
 * links them: every package by a symlink, but the workspaces' own links (node_modules/@ojo) copied, so they point
 * at the worktree's sources; and each workspace's node_modules linked. Removed at the end of the run.
 */
function addWorktree(ref) {
  const folder = mkdtempSync(path.join(tmpdir(), 'ojo-bench-players-'));
  const checkout = path.join(folder, 'checkout');
  const git = (...args) => spawnSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' });
  const added = git('worktree', 'add', '--detach', checkout, ref);
  if (added.status !== 0) throw new Error(`git worktree add ${ref} failed: ${added.stderr}`);
  cleanups.push(async () => {
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
  cleanups.push(async () => {
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
 * The checkout's built API (apps/api/dist-bench/server.js) as production runs it: plain node, NODE_ENV=production
 * with its secrets, one client address lifted from the global rate limit (every player is 127.0.0.1 here), no chain
 * (none of the driven calls reads it). Resolves once its health says the database answers.
 */
async function startApi(checkout, databaseUrl, jwtSecret) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-bench-players-data-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const identityKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const child = spawn(process.execPath, ['--enable-source-maps', path.join('apps/api', DIST, 'server.js')], {
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
  cleanups.push(stop);
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
  if (checkout !== repoRoot) copyFileSync(path.join(repoRoot, SEEDER), path.join(checkout, SEEDER));
  const stdout = await run(process.execPath, ['--import', 'tsx', SEEDER], {
    cwd: checkout,
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, BENCH_PLAYERS: String(count) },
  });
  const line = stdout.split('\n').find((text) => text.startsWith('['));
  if (!line) throw new Error(`the seeder printed no players:\n${stdout}`);
  return JSON.parse(line);
}

/** What the players measured since the last `take()`: every call's latency, errors and the socket's price lag. */
function createRecorder() {
  let samples = [];
  let lags = [];
  let errors = [];
  return {
    latency: (action, ms) => samples.push({ action, ms }),
    lag: (ms) => lags.push(ms),
    error: (what) => errors.push(what),
    take() {
      const taken = { samples, lagsMs: lags, errors };
      samples = [];
      lags = [];
      errors = [];
      return taken;
    },
  };
}

/** The request of one action of `player` (bets: `round` is the one its socket says is open). */
function requestOf(action, player, round) {
  switch (action) {
    case 'taskList':
      return { method: 'GET', path: `${routePath(taskListRoute)}?${new URLSearchParams(TASK_LIST_QUERY)}` };
    case 'checkInStatus':
      return { method: 'GET', path: routePath(checkInStatusRoute) };
    case 'pointLedger':
      return {
        method: 'GET',
        path: `${routePath(pointLedgersRoute, { id: player.userId })}?offset=0&limit=20&assetType=POINT`,
      };
    case 'walletHistory':
      return { method: 'GET', path: `${routePath(tokenHistoriesRoute)}?from=0&limit=20` };
    case 'bet':
      return {
        method: 'POST',
        path: routePath(placeBetRoute, { id: round.id }),
        body: {
          currency: 'POINT',
          track: round.tracks[Math.floor(Math.random() * round.tracks.length)],
          amount: ROUND_ENV.GAME_MIN_STAKE_POINT,
          clientBetId: randomBytes(12).toString('hex'),
        },
      };
    default:
      throw new Error(`unknown action ${action}`);
  }
}

/** The round a socket message shows, as a player needs it to bet. */
function roundOf(round) {
  if (!round) return null;
  return {
    id: round.terms.roundId,
    phase: round.phase,
    closesAtMs: round.terms.timeline.closesAtMs,
    tracks: round.terms.tracks,
  };
}

/**
 * One simulated player: the race's socket (auth, subscribe, then every frame read as the game frame reads it) and a
 * loop of actions. Resolves once the socket's snapshot arrived.
 */
function startPlayer(apiUrl, player, recorder) {
  const state = { round: null, lastBetRoundId: null, lastStep: -1, stopped: false, timer: undefined };
  const headers = {
    [SAAS_ID_HEADER]: SAAS_ID,
    [JWT_HEADER]: player.token,
    'content-type': 'application/json',
  };

  const act = async () => {
    const action = nextAction({ ...state, nowMs: Date.now() });
    if (action === 'bet') state.lastBetRoundId = state.round.id;
    const request = requestOf(action, player, state.round);
    const started = performance.now();
    try {
      const response = await fetch(`${apiUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      recorder.latency(action, performance.now() - started);
      if (!response.ok || JSON.parse(text).success !== true) {
        recorder.error(`${action}: ${response.status} ${text.slice(0, 160)}`);
      }
    } catch (error) {
      recorder.error(`${action}: ${error.message}`);
    }
    if (!state.stopped) state.timer = setTimeout(act, thinkTimeMs(THINK_MS, THINK_MS / 3));
  };

  const socketUrl = new URL(GAME_SOCKET_PATH, apiUrl);
  socketUrl.protocol = 'ws:';
  const socket = new WebSocket(socketUrl, { perMessageDeflate: false });
  const ready = new Promise((resolve, reject) => {
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'auth', token: player.token }));
      socket.send(JSON.stringify({ type: 'subscribe', game: 'dash', lastRoundId: null }));
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'snapshot') {
        state.round = roundOf(message.round);
        resolve();
      } else if (message.type === 'round') {
        state.round = roundOf(message.round);
      } else if (message.type === 'prices') {
        // Outside the race the tick repeats its first or last step (an old time): only a new step has a lag.
        if (message.tick.step > state.lastStep) recorder.lag(Date.now() - message.tick.atMs);
        state.lastStep = message.tick.step;
      } else if (message.type === 'error') {
        recorder.error(`socket: ${message.code} ${message.message}`);
      }
    });
    socket.on('error', (error) => {
      recorder.error(`socket: ${error.message}`);
      reject(error);
    });
    socket.on('close', (code, reason) => {
      if (!state.stopped) recorder.error(`socket closed: ${code} ${reason}`);
      reject(new Error(`the socket closed (${code})`));
    });
  });
  // The first action comes at a random moment of a think time, so the players spread over it.
  state.timer = setTimeout(act, Math.random() * THINK_MS);
  return {
    ready,
    stop() {
      state.stopped = true;
      clearTimeout(state.timer);
      socket.terminate();
    },
  };
}

/** Ramps `players` up on the API at `apiUrl`; answers each step's figures, up to saturation. */
async function ramp(label, apiUrl, players) {
  const recorder = createRecorder();
  const running = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const steps = [];
  try {
    for (const count of rampSteps(FIRST_STEP, Math.min(MAX_PLAYERS, players.length))) {
      const joining = players
        .slice(running.length, count)
        .map((player) => startPlayer(apiUrl, player, recorder));
      running.push(...joining);
      await Promise.all(joining.map((player) => player.ready));
      await sleep(WARMUP_SECONDS * 1000);
      recorder.take();
      loopDelay.reset();
      await sleep(STEP_SECONDS * 1000);
      const { errors, ...samples } = recorder.take();
      const step = summariseStep({
        players: count,
        seconds: STEP_SECONDS,
        errors: errors.length,
        ...samples,
      });
      steps.push(step);
      const generatorP99 = loopDelay.percentile(99) / 1e6;
      console.log(
        `[${label}] ${count} players: ${step.calls} calls (${step.callsPerSecond.toFixed(1)}/s), ` +
          `p50 ${Math.round(step.p50)} ms, p99 ${Math.round(step.p99)} ms, ${step.errors} errors, ` +
          `price lag p99 ${Math.round(step.lagP99)} ms, generator event-loop delay p99 ${Math.round(generatorP99)} ms`,
      );
      const actions = Object.entries(step.byAction).map(
        ([action, figures]) => `${action} ${Math.round(figures.p99)}`,
      );
      console.log(`    p99 by action (ms): ${actions.join(', ')}`);
      for (const error of [...new Set(errors)].slice(0, 5)) console.log(`    ${error}`);
      if (isSaturated(step, P99_LIMIT_MS)) break;
    }
  } catch (error) {
    console.log(`[${label}] the ramp stopped: ${error.message}`);
  } finally {
    loopDelay.disable();
    for (const player of running) player.stop();
  }
  return steps;
}

/** One checkout's whole run: build, a fresh database, the API, its players, the ramp. */
async function benchCheckout(label, checkout) {
  console.log(`[${label}] building the API (${path.relative(process.cwd(), checkout) || '.'})…`);
  await run(process.execPath, ['scripts/build.mjs', '--outdir', DIST], {
    cwd: path.join(checkout, 'apps/api'),
  });
  const databaseUrl = await createBenchDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  const api = await startApi(checkout, databaseUrl, jwtSecret);
  try {
    const players = await seedPlayers(checkout, databaseUrl, jwtSecret, MAX_PLAYERS);
    return await ramp(label, api.url, players);
  } finally {
    await api.stop();
  }
}

async function main() {
  const runs = {};
  if (BEFORE !== 'none') {
    const checkout = addWorktree(BEFORE);
    runs[`before (${BEFORE})`] = await benchCheckout('before', checkout);
  }
  runs.now = await benchCheckout('now', repoRoot);
  console.log('');
  for (const line of stepTable(runs)) console.log(line);
  for (const [label, steps] of Object.entries(runs)) {
    console.log(
      `${label}: ${mostPlayersHeld(steps, P99_LIMIT_MS)} players held (p99 <= ${P99_LIMIT_MS} ms, no error)`,
    );
  }
  console.log(
    `\nEach player: the race socket, one action every ${THINK_MS} ms ± a third, a bet once per round. ` +
      `${STEP_SECONDS} s measured per step after ${WARMUP_SECONDS} s of warm-up. The load generator shares the ` +
      "machine with the API: compare the runs of one invocation, not figures from another day's.",
  );
}

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}

process.on('SIGINT', () => {
  cleanUp().finally(() => process.exit(130));
});
try {
  await main();
} finally {
  await cleanUp();
}
