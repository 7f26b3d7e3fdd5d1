#!/usr/bin/env node
// `npm run bench:api`: how fast the API answers its hot calls, beside two references measured in the same run.
// Starts the API on PostgreSQL (a throw-away database on OJO_BENCH_POSTGRES_URL, default the local server) and on
// PGlite, each as its own process built exactly as server.ts builds it (logging at warn), drives every hot call of
// apps/api/bench/hot-calls.ts with autocannon at 50 connections, and prints requests per second and p50/p99 latency.
// The wallet's balance read asks a bare anvil this script starts (eth_blockNumber per call, eth_getBalance per block).
// References: a bare node:http server, and a node:http server answering one PostgreSQL primary-key select, which is
// driven again after every call on PostgreSQL: each call is compared with the reference runs just before and after it.
// The goal column: at least 0.5x the select reference and p99 at most 25 ms on PostgreSQL (a yardstick, not a rule).
// The queries column is the statements one request sends to the database (counted by serve-api.ts).
// Options: --duration=<s> (default 8), --connections=<n> (default 50), --only=postgres|pglite, --call=<text> (only the
// calls whose name contains it), --cpu-prof=<folder> (the API processes write a V8 CPU profile there on exit).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [key, value] = arg.slice(2).split('=');
      return [key, value ?? 'true'];
    }),
);
const DURATION_S = Number(options.duration ?? 8);
const CONNECTIONS = Number(options.connections ?? 50);
const WARMUP_S = 2;
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 25;
const POSTGRES_URL = process.env.OJO_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SAAS_ID = 'ojo-arena-bench';

const children = new Set();
const cleanups = [];

/** Spawns a process that prints one JSON line when ready; resolves with it. */
function startProcess(command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    // The ready line is the first JSON line with a port (the API may log a warning on stdout before it).
    lines.on('line', function onLine(line) {
      let ready;
      try {
        ready = JSON.parse(line);
      } catch {
        return;
      }
      if (typeof ready?.port !== 'number') return;
      lines.off('line', onLine);
      resolve({ child, ready });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}):\n${stderr}`)));
  });
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

/** Drives one call; returns requests per second and latency percentiles of the measured window. */
async function drive(port, call) {
  const target = {
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    requests: [{ method: call.method, path: call.path, headers: call.headers, body: call.body }],
  };
  await autocannon({ ...target, duration: WARMUP_S });
  const result = await autocannon({ ...target, duration: DURATION_S });
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed,
  };
}

async function createPostgresDatabase() {
  const name = `ojo_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
    await admin.query(`create database "${name}"`);
  } catch (error) {
    console.log(`PostgreSQL at ${POSTGRES_URL} is not reachable (${error.message}); its rows are skipped.`);
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: POSTGRES_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  return url.toString();
}

function apiEnvironment(databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-bench-api-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    // Development only for the keys production must be given; the request path is the same.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SAAS_ID,
    // One client address makes all the load: the global per-address limit would answer 429 after 300 calls.
    RATE_LIMIT_MAX: '1000000000',
    // The wallet's balance is read from a chain: a bare anvil of this run (other hot reads never reach it).
    CHAIN_RPC_URL: chainUrl ?? 'http://127.0.0.1:9',
    BUNDLER_URL: 'http://127.0.0.1:9',
    // One node, no chain history to follow: the indexer would only compete with the measured calls.
    INDEXER_ENABLED: 'false',
    // Contract addresses from configuration, as in production (no hot read calls them): without a deployment the
    // API would look for the devnet's deployments file on every wallet read.
    ...Object.fromEntries(
      [
        'ENTRY_POINT',
        'PROFILE_REGISTRY',
        'SMART_ACCOUNT_FACTORY',
        'VERIFYING_PAYMASTER',
        'BADGE_NFT',
        'PARTNER_NFT',
        'PARTNER_TOKEN',
      ].map((name, index) => [`${name}_ADDRESS`, `0x${(index + 1).toString(16).padStart(40, '0')}`]),
    ),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  };
}

const rows = [];
/** The bench's anvil (JSON-RPC URL), set by startChain. */
let chainUrl;

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

/** anvil from the platform package of @foundry-rs/anvil, as packages/devnet finds it (override: ANVIL_BIN). */
function anvilBinary() {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch] ?? process.arch;
  const require = createRequire(path.join(root, 'packages/devnet/package.json'));
  return path.join(
    path.dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)),
    'bin',
    'anvil',
  );
}

/** A bare anvil on a free port for the balance reads; resolves once it answers. */
async function startChain() {
  const port = await freePort();
  const child = spawn(
    anvilBinary(),
    ['--port', String(port), '--host', '127.0.0.1', '--chain-id', '11124', '--silent'],
    {
      stdio: 'ignore',
    },
  );
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) return url;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('anvil did not start');
}

async function measureReference(name, mode, env) {
  const { child, ready } = await startProcess(
    process.execPath,
    ['scripts/bench/reference-server.mjs', mode],
    env,
  );
  try {
    const figures = await drive(ready.port, { method: 'GET', path: '/', headers: {} });
    rows.push({ target: name, database: mode === 'select' ? 'postgres' : '-', ...figures });
    return figures;
  } finally {
    await stopProcess(child);
  }
}

/**
 * The select reference, kept running for the whole run and driven again after every call on PostgreSQL: this
 * machine's speed drifts by a third within minutes, so each call is compared with the mean of the reference runs
 * just before and just after it rather than with one run minutes away. `measure()` drives it once and records it.
 */
async function startSelectReference(databaseUrl) {
  const { child, ready } = await startProcess(
    process.execPath,
    ['scripts/bench/reference-server.mjs', 'select'],
    { BENCH_DATABASE_URL: databaseUrl },
  );
  const runs = [];
  return {
    runs,
    async measure() {
      const figures = await drive(ready.port, { method: 'GET', path: '/', headers: {} });
      runs.push(figures);
      return figures;
    },
    stop: () => stopProcess(child),
  };
}

async function measureApi(kind, databaseUrl, selectReference) {
  const { child, ready } = await startProcess(
    process.execPath,
    [
      ...(options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${options['cpu-prof']}`] : []),
      '--import',
      'tsx',
      'apps/api/bench/serve-api.ts',
    ],
    apiEnvironment(databaseUrl),
  );
  try {
    const calls = options.call ? ready.calls.filter((call) => call.name.includes(options.call)) : ready.calls;
    // On PostgreSQL each call sits between two runs of the select reference (see startSelectReference).
    const besideReference = kind === 'postgres' && selectReference;
    let before = besideReference ? await selectReference.measure() : undefined;
    for (const call of calls) {
      const figures = await drive(ready.port, call);
      const after = besideReference ? await selectReference.measure() : undefined;
      const referenceRps = before && after ? (before.rps + after.rps) / 2 : undefined;
      rows.push({ target: call.name, database: kind, queries: call.queries, referenceRps, ...figures });
      before = after;
    }
  } finally {
    await stopProcess(child);
  }
}

function printTable(selectReference) {
  const header = ['call', 'database', 'queries', 'req/s', 'p50 ms', 'p99 ms', '× select ref', 'goal'];
  const lines = rows.map((row) => {
    const reference = row.referenceRps ?? selectReference?.rps;
    const ratio = reference ? row.rps / reference : Number.NaN;
    const isApi = row.target.startsWith('GET ') || row.target.startsWith('POST ');
    const goal =
      !isApi || row.database !== 'postgres'
        ? ''
        : ratio >= GOAL_RATIO && row.p99 <= GOAL_P99_MS
          ? 'met'
          : 'MISSED';
    return [
      row.target,
      row.database,
      row.queries == null ? '-' : String(row.queries),
      row.rps.toFixed(0),
      String(row.p50),
      String(row.p99),
      Number.isNaN(ratio) ? '-' : `${ratio.toFixed(2)}×`,
      row.failed > 0 ? `${goal} (${row.failed} failed)` : goal,
    ];
  });
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...lines.map((line) => line[index].length)),
  );
  const format = (cells) => `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per call after ${WARMUP_S} s of warm-up. ` +
      `Goal on PostgreSQL: at least ${GOAL_RATIO}× the select reference and p99 at most ${GOAL_P99_MS} ms.`,
  );
  if (selectReference?.runs > 1) {
    console.log(
      `The select reference ran ${selectReference.runs} times, before the first call and after each call on ` +
        `PostgreSQL (${selectReference.minRps.toFixed(0)} to ${selectReference.maxRps.toFixed(0)} requests per ` +
        'second; its row shows the mean): each PostgreSQL call is compared with the mean of the runs just before ' +
        'and after it, the others with the overall mean.',
    );
  }
}

/** The select reference's row: the mean of its runs (requests per second and latencies), with their range. */
function summariseReference(runs) {
  const mean = (pick) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return {
    rps: mean((run) => run.rps),
    p50: Math.round(mean((run) => run.p50)),
    p99: Math.round(mean((run) => run.p99)),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    runs: runs.length,
    minRps: Math.min(...runs.map((run) => run.rps)),
    maxRps: Math.max(...runs.map((run) => run.rps)),
  };
}

async function main() {
  const only = options.only;
  chainUrl = await startChain();
  const databaseUrl = only === 'pglite' ? undefined : await createPostgresDatabase();
  await measureReference('reference: node:http', 'http', {});
  const selectReference = databaseUrl ? await startSelectReference(databaseUrl) : undefined;
  let selectRow;
  try {
    if (databaseUrl) await measureApi('postgres', databaseUrl, selectReference);
    // No PostgreSQL call measured it (--only=pglite is not here: there is no database then): once, for the table.
    if (selectReference && selectReference.runs.length === 0) await selectReference.measure();
    if (selectReference) {
      selectRow = summariseReference(selectReference.runs);
      rows.splice(1, 0, { target: 'reference: node:http + PG select', database: 'postgres', ...selectRow });
    }
  } finally {
    await selectReference?.stop();
  }
  if (only !== 'postgres') await measureApi('pglite', undefined, selectReference);
  printTable(selectRow);
}

async function cleanUp() {
  await Promise.all([...children].map(stopProcess));
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
