/**
 * `npm run bench:game`: the race's three figures, each beside a reference measured in the same run on
 * the same machine (the load generator runs here too):
 *
 * 1. Bets placed per second on PostgreSQL (goal: at least 2,000), through `placeBet` (the round row read FOR SHARE,
 *    the bet row, the ledger debit, one transaction), with 16 at a time; reference: bare ledger debits, same
 *    concurrency.
 * 2. Settlement of a round with 100,000 bets (goal: at most 1 s): the scheduler's tick that takes the end snapshot,
 *    settles through the ledger in one transaction and publishes the result; reference: the domain's settleDash
 *    alone on the same bets (pure computation).
 * 3. WebSocket clients held at 4 updates per second (goal: 5,000 clients at p95 delivery lag at most 250 ms): N
 *    clients subscribed to one node, 4 price ticks a second for 10 s, lag = arrival - publish time; reference: 100
 *    clients.
 *
 * BENCH_GAME_CLIENTS (default 5000), BENCH_GAME_BETS (default 100000), BENCH_GAME_SECONDS (default 5), and
 * OJO_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) change the load.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { GAME_SOCKET_PATH, parseServerMessage } from '@ojo/api-contract/game/socket';
import { createDatabase, type DatabaseHandle, queryRows } from '@ojo/db/client';
import { creditMany, debit } from '@ojo/db/ledger';
import { migrateDatabase } from '@ojo/db/migrate';
import { users } from '@ojo/db/schema/users';
import { sql } from '@ojo/db/sql';
import { settleDash } from '@ojo/domain/game/dash/settle';
import { simulatedSnapshots } from '@ojo/domain/game/dash/verify';
import pg from 'pg';
import { WebSocket } from 'ws';
import { placeBet } from '../src/modules/game/dash/place-bet';
import { findRound, screenRounds } from '../src/modules/game/dash/rounds';
import { buildTestApp } from '../test/helpers';

const POSTGRES_URL = process.env.OJO_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env.BENCH_GAME_CLIENTS ?? 5000);
const BETS = Number(process.env.BENCH_GAME_BETS ?? 100_000);
const SECONDS = Number(process.env.BENCH_GAME_SECONDS ?? 5);
/** BENCH_GAME_ONLY=bets,settle,ws runs some figures alone (to profile one with --cpu-prof); all by default. */
const ONLY = new Set((process.env.BENCH_GAME_ONLY ?? 'bets,settle,ws').split(','));

const results: { figure: string; value: string; reference: string; goal: string }[] = [];
const report = (row: (typeof results)[number]) => {
  results.push(row);
  console.log(`- ${row.figure}: ${row.value} (reference: ${row.reference}; goal ${row.goal})`);
};

async function withPostgres<T>(run: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const name = `ojo_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), maxConnections: 20 });
  try {
    await migrateDatabase(database);
    return await run(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function insertPlayers(database: DatabaseHandle, count: number): Promise<string[]> {
  const rows = await database.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ referralCode: `B${String(i).padStart(5, '0')}` })))
    .returning({ id: users.id });
  const ids = rows.map((row) => row.id);
  await creditMany(
    database.db,
    ids.map((userId) => ({
      userId,
      asset: 'OJO' as const,
      amount: 10n ** 12n,
      reason: 'bench',
      idempotencyKey: `bench:${userId}`,
    })),
  );
  return ids;
}

/** Runs `work(i)` from `concurrency` loops for `seconds`; answers how many completed per second. */
async function perSecond(concurrency: number, seconds: number, work: (i: number) => Promise<unknown>) {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await work(next++);
        done += 1;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function betsAndSettlement(): Promise<void> {
  await withPostgres(async (database) => {
    let nowMs = Math.floor(Date.now() / 250) * 250;
    const { app } = await buildTestApp(database as never, {}, { clock: () => nowMs });
    try {
      await app.game.tick();
      const round = (await screenRounds(app.db)).next!.state;
      nowMs = round.terms.timeline.opensAtMs;
      await app.game.tick();
      const players = await insertPlayers(database, 1000);
      const tracks = round.terms.tracks;

      if (ONLY.has('bets')) {
        const debits = await perSecond(16, SECONDS, (i) =>
          debit(app.db, {
            userId: players[i % players.length]!,
            asset: 'OJO',
            amount: 200n,
            reason: 'bench.reference',
            idempotencyKey: `bench:debit:${i}`,
          }),
        );
        const bets = await perSecond(16, SECONDS, (i) =>
          placeBet(
            app.db,
            {
              roundId: round.terms.roundId,
              userId: players[i % players.length]!,
              currency: 'OJO',
              track: tracks[i % tracks.length]!,
              amount: 200n,
              clientBetId: `bench-bet-${i}`,
            },
            nowMs,
          ),
        );
        report({
          figure: 'bets placed per second (PostgreSQL, 16 at a time)',
          value: bets.toFixed(0),
          reference: `${debits.toFixed(0)} bare ledger debits/s`,
          goal: '>= 2,000',
        });
      }
      if (!ONLY.has('settle')) return;

      // The rest of this round's bets up to BETS (written in bulk: placing them one by one is figure 1).
      const have = (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from game_bets`))[0]!
        .n;
      const missing = Math.max(0, BETS - have);
      await queryRows(
        app.db,
        sql`insert into game_bets (id, round_id, user_id, client_bet_id, currency, track, amount, placed_at_ms)
            select 'bulk-' || g, ${round.terms.roundId}, (${`{${players.join(',')}}`}::uuid[])[1 + g % ${players.length}],
              'bulk-' || g, case when g % 4 = 0 then 'POINT' else 'OJO' end,
              (${`{${tracks.join(',')}}`}::text[])[1 + g % 5], 200 + g % 1000, ${nowMs}
            from generate_series(1, ${missing}) g`,
      );
      nowMs = round.terms.timeline.closesAtMs;
      await app.game.tick();
      nowMs = round.terms.timeline.raceEndsAtMs;
      const started = performance.now();
      await app.game.tick();
      const settleMs = performance.now() - started;
      const settled = await findRound(app.db, round.terms.roundId);
      if (!settled?.settled) throw new Error('the round did not settle');

      const rows = await queryRows<{
        id: string;
        user_id: string;
        currency: 'OJO' | 'POINT';
        track: string;
        amount: string;
      }>(
        app.db,
        sql`select id, user_id, currency, track, amount::text as amount from game_bets
            where round_id = ${round.terms.roundId} and status = 'active'`,
      );
      const snapshots = simulatedSnapshots(round.terms, settled.seed!);
      const domainStarted = performance.now();
      settleDash({
        tracks,
        feeBps: round.terms.feeBps,
        carryIn: { OJO: 0n, POINT: 0n },
        start: snapshots.start,
        end: snapshots.end,
        bets: rows.map((row) => ({
          betId: row.id,
          playerId: row.user_id,
          currency: row.currency,
          track: row.track,
          amount: BigInt(row.amount),
        })),
      });
      const domainMs = performance.now() - domainStarted;
      report({
        figure: `settlement of a round with ${rows.length.toLocaleString('en')} bets (PostgreSQL)`,
        value: `${settleMs.toFixed(0)} ms`,
        reference: `${domainMs.toFixed(0)} ms for the domain's settleDash alone`,
        goal: '<= 1,000 ms',
      });
    } finally {
      await app.close();
    }
  });
}

/**
 * Where the WebSocket load generator runs: this thread (default, `inline`), or a worker thread (`worker`; on the
 * loaded 2-core machine its own parsing of 20,000 frames a second fell behind and measured worse: 1,167 ms p95).
 */
const GENERATOR = process.env.BENCH_GAME_WS_GENERATOR === 'worker' ? 'worker' : 'inline';

interface Generator {
  ready: Promise<void>;
  report(): Promise<{ lags: number[]; received: number[] }>;
}

function workerGenerator(url: string, clients: number): Generator {
  // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript generator.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const file = JSON.stringify(new URL('./game-clients.ts', import.meta.url).href);
  const worker = new Worker(`import(${tsx}).then((api) => { api.register(); return import(${file}); })`, {
    eval: true,
    workerData: { url, clients },
  });
  let exited = false;
  worker.on('exit', () => {
    exited = true;
  });
  let report: ((value: { lags: number[]; received: number[] }) => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message: { type: string; subscribed?: number; message?: string } & object) => {
      if (message.type === 'ready') {
        if (message.subscribed === clients) resolve();
        else reject(new Error(`${message.subscribed} of ${clients} subscribed`));
      } else if (message.type === 'failed') reject(new Error(message.message));
      else if (message.type === 'report') report?.(message as never);
    });
  });
  return {
    ready,
    report: async () => {
      if (exited) return { lags: [], received: [] };
      const answer = await new Promise<{ lags: number[]; received: number[] }>((resolve) => {
        report = resolve;
        worker.once('exit', () => resolve({ lags: [], received: [] }));
        worker.postMessage('report');
      });
      await worker.terminate();
      return answer;
    },
  };
}

function inlineGenerator(url: string, clients: number): Generator {
  const lags: number[] = [];
  const received = new Array<number>(clients).fill(0);
  const sockets: WebSocket[] = [];
  let subscribed = 0;
  const ready = (async () => {
    for (let start = 0; start < clients; start += 250) {
      const batch = Array.from({ length: Math.min(250, clients - start) }, (_, j) => {
        const index = start + j;
        return new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(url, { perMessageDeflate: false });
          sockets.push(socket);
          socket.on('error', reject);
          socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', game: 'dash' })));
          socket.on('message', (data) => {
            const message = parseServerMessage(String(data));
            if (message?.type === 'snapshot') {
              subscribed += 1;
              resolve();
            } else if (message?.type === 'prices') {
              lags.push(Date.now() - message.tick.atMs);
              received[index]! += 1;
            }
          });
        });
      });
      await Promise.all(batch);
    }
    if (subscribed !== clients) throw new Error(`${subscribed} of ${clients} subscribed`);
  })();
  return {
    ready,
    report: async () => {
      for (const socket of sockets) socket.terminate();
      return { lags, received };
    },
  };
}

async function fanOut(clients: number): Promise<{ p50: number; p95: number; max: number; held: number }> {
  const pglite = await createDatabase({ inMemory: true });
  await migrateDatabase(pglite);
  const { app } = await buildTestApp(pglite as never, {
    GAME_SOCKET_MAX_CLIENTS: '100000',
    RATE_LIMIT_MAX: '1000000',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `ws://127.0.0.1:${address.port}${GAME_SOCKET_PATH}`;
  const generator = GENERATOR === 'worker' ? workerGenerator(url, clients) : inlineGenerator(url, clients);
  let reported = false;
  try {
    await generator.ready;
    const ticks = 40;
    for (let step = 0; step < ticks; step += 1) {
      await app.game.bus.publish({
        to: null,
        game: 'dash',
        message: {
          type: 'prices',
          tick: {
            step,
            atMs: Date.now(),
            prices: ['BTC', 'ETH', 'SOL', 'DOGE', 'PEPE'].map((symbol) => ({
              symbol,
              price: String(1_000_000_000_000n + BigInt(step)),
            })),
          },
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { lags, received } = await generator.report();
    reported = true;
    return {
      p50: percentile(lags, 50),
      p95: percentile(lags, 95),
      max: lags.reduce((a, b) => Math.max(a, b), 0),
      held: received.filter((count) => count >= ticks * 0.95).length,
    };
  } finally {
    if (!reported)
      await Promise.race([generator.report(), new Promise((resolve) => setTimeout(resolve, 5000))]);
    await app.close();
    await pglite.close();
  }
}

async function main(): Promise<void> {
  if (ONLY.has('bets') || ONLY.has('settle')) await betsAndSettlement();
  if (!ONLY.has('ws')) return finish();
  const reference = await fanOut(100);
  const measured = await fanOut(CLIENTS);
  report({
    figure: `WebSocket clients at 4 updates/s (one node; load generator on this machine, ${GENERATOR === 'worker' ? 'in a worker thread' : 'in the same thread'})`,
    value: `${measured.held.toLocaleString('en')} of ${CLIENTS.toLocaleString('en')} held, p95 ${measured.p95} ms (p50 ${measured.p50}, max ${measured.max})`,
    reference: `100 clients: p95 ${reference.p95} ms (p50 ${reference.p50}, max ${reference.max})`,
    goal: '5,000 clients, p95 <= 250 ms',
  });
  finish();
}

function finish(): never {
  console.log(`\nbench:game: ${results.length} figures above`);
  process.exit(0);
}

await main();
