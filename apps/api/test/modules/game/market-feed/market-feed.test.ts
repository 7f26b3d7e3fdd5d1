import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  getBattlePoolsRoute,
  getBattleProgressRoute,
  getBattleVerifyRoute,
  placeBetRoute,
  routePath,
} from '@ojo/api-contract/game/http';
import { credit, getBalance } from '@ojo/db/ledger';
import type { User } from '@ojo/db/schema/users';
import { describeWithDatabases } from '@ojo/db/testing';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { verifyRound } from '@ojo/domain/game/dash/verify';
import { priceUnits } from '@ojo/domain/game/market/price';
import { loadStandInsConfig } from '@ojo/stand-ins/config';
import { type StandIns, startStandIns } from '@ojo/stand-ins/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_SNAPSHOT_GRACE_MS } from '../../../../src/modules/game/dash/drive-rounds';
import { myResultsIn } from '../../../../src/modules/game/dash/get-my-results';
import { findRound } from '../../../../src/modules/game/dash/rounds';
import type { LiveEvent } from '../../../../src/modules/game/live/live-bus';
import {
  createCoinbaseFeed,
  feedSnapshot,
  type MarketFeed,
  tradeOf,
} from '../../../../src/modules/game/market-feed/market-feed';
import {
  createCoinbaseTickerFeed,
  parseCoinbaseTicker,
} from '../../../../src/modules/prices/coinbase-ticker';
import { buildTestApp, insertUser } from '../../../helpers';
import { saasHeaders } from '../../../support/identity';

const verifyScript = fileURLToPath(new URL('../../../../scripts/verify-round.ts', import.meta.url));
const TOLERANCE_MS = 2000;

/** Polls `check` until it holds (a WebSocket message in flight), failing after 20 s (a loaded machine). */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let standIns: StandIns;
beforeAll(async () => {
  standIns = await startStandIns(
    loadStandInsConfig({ STAND_INS_PORT: '0', STAND_INS_COINBASE_TRADE_MS: '0' }),
  );
});
afterAll(async () => standIns?.close());

const wsUrl = () => `${standIns.url.replace(/^http/, 'ws')}/coinbase/ws`;

describe('the Coinbase Exchange adapter against the stand-in', () => {
  it('subscribes to the ticker channel and keeps trades with the exchange’s times and trade ids', async () => {
    const connection = createCoinbaseTickerFeed({ url: wsUrl(), log: pino({ level: 'silent' }) });
    const feed = createCoinbaseFeed({
      feed: connection,
      products: ['BTC-USD', 'ETH-USD', 'SOL-USD', 'XRP-USD', 'DOGE-USD', 'nonsense'],
    });
    try {
      expect(feed.symbols).toEqual(['BTC', 'ETH', 'SOL', 'XRP', 'DOGE']);
      expect(feed.source).toMatch(/^coinbase-exchange 127\.0\.0\.1:\d+$/);
      feed.start();
      // On subscribing, the exchange sends each product's latest ticker at once.
      await until(() => feed.latest('BTC') !== undefined, 'the first BTC ticker');
      const t0 = Date.now() + 10_000;
      const trade = standIns.coinbase.trade('BTC-USD', '97123.45', t0);
      standIns.coinbase.trade('BTC-USD', '97200.00', t0 + 1500);
      await until(() => feed.latest('BTC')?.timeMs === t0 + 1500, 'the second BTC trade');
      expect(feed.tradeAtOrBefore('BTC', t0 + 1000)).toEqual({
        symbol: 'BTC',
        price: priceUnits('97123.45'),
        timeMs: t0,
        tradeId: String(trade.tradeId),
      });
      for (const id of ['ETH-USD', 'SOL-USD', 'XRP-USD', 'DOGE-USD']) standIns.coinbase.trade(id, '1.5', t0);
      await until(() => feed.latest('DOGE')?.timeMs === t0, 'the DOGE trade');
      const fresh = feedSnapshot(feed, ['BTC', 'ETH'], t0 + 1000, TOLERANCE_MS);
      expect(fresh).toEqual({
        snapshot: {
          atMs: t0 + 1000,
          quotes: [
            {
              symbol: 'BTC',
              price: priceUnits('97123.45').toString(),
              sourceTimeMs: t0,
              tradeId: String(trade.tradeId),
            },
            expect.objectContaining({ symbol: 'ETH', sourceTimeMs: t0 }),
          ],
        },
      });
      // The stated window: no trade in the tolerance before the snapshot's time is a stale feed.
      expect(feedSnapshot(feed, ['ETH'], t0 + TOLERANCE_MS + 1, TOLERANCE_MS)).toEqual({
        stale: expect.stringContaining('no ETH trade in the 2000 ms'),
      });
    } finally {
      await feed.close();
      await connection.close();
    }
  });

  it('the REST ticker answers the last trade as the exchange does; tickers parse, junk does not', async () => {
    const last = standIns.coinbase.latest('ETH-USD')!;
    const response = await fetch(`${standIns.url}/coinbase/products/ETH-USD/ticker`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { trade_id: number; price: string; time: string };
    expect(body).toMatchObject({ trade_id: last.tradeId, price: last.price });
    expect(Date.parse(body.time)).toBe(last.timeMs);
    expect((await fetch(`${standIns.url}/coinbase/products/NOPE-USD/ticker`)).status).toBe(404);
    const ticker = { type: 'ticker', product_id: 'ETH-USD', price: '3500.1', trade_id: 7, time: body.time };
    const parseTicker = (message: unknown) => tradeOf(parseCoinbaseTicker(message));
    expect(parseTicker(ticker)).toMatchObject({ symbol: 'ETH', tradeId: '7', timeMs: last.timeMs });
    expect(parseTicker({ ...ticker, price: '-1' })).toBeNull();
    expect(parseTicker({ ...ticker, price: '0.000' })).toBeNull();
    expect(parseTicker({ ...ticker, product_id: 'ETHUSD' })).toBeNull();
    expect(parseTicker({ ...ticker, trade_id: undefined })).toBeNull();
    expect(parseTicker({ ...ticker, time: 'yesterday' })).toBeNull();
    expect(parseTicker({ ...ticker, type: 'heartbeat' })).toBeNull();
    expect(parseTicker('nope')).toBeNull();
  });
});

/**
 * Rounds on the real feed's protocol (GAME_MARKET_FEED=coinbase, the stand-in's URL), the clock in the test's hand:
 * the snapshots are the exchange's trades (times and ids), the published round verifies with the verify script,
 * and a stale feed voids the next round and refunds every bet exactly.
 */
describeWithDatabases('the coin race on a real market feed', ({ database }) => {
  type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];
  let app: TestApp;
  let feed: MarketFeed;
  let nowMs = 0;
  const players: User[] = [];
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    // Ahead of every trade the stand-in made (an earlier database's run too), so the test's trades are the newest.
    const newest = Math.max(
      Date.now(),
      ...standIns.coinbase.products.map((id) => standIns.coinbase.latest(id)!.timeMs),
    );
    nowMs = Math.floor((newest + 60_000) / 250) * 250;
    ({ app } = await buildTestApp(
      database(),
      {
        GAME_MARKET_FEED: 'coinbase',
        GAME_MARKET_FEED_URL: wsUrl(),
        GAME_MARKET_FEED_PRODUCTS: 'BTC-USD,ETH-USD,SOL-USD,XRP-USD,DOGE-USD,ADA-USD',
        GAME_MARKET_FEED_TOLERANCE_MS: String(TOLERANCE_MS),
      },
      { clock: () => nowMs },
    ));
    feed = app.game.feed!;
    feed.start();
    for (let i = 0; i < 2; i += 1) {
      const player = await insertUser(app.db);
      players.push(player);
      tokens.set(player.id, await app.issueSessionToken(player.id));
      await credit(app.db, {
        userId: player.id,
        asset: 'OJO',
        amount: 10_000n,
        reason: 'test',
        idempotencyKey: `test:${player.id}:OJO`,
      });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const progress = async (id = 'current'): Promise<DashRound> => {
    const response = await app.inject({
      method: 'GET',
      url: routePath(getBattleProgressRoute, { id }),
      headers: saasHeaders,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.round;
  };
  const bet = async (player: User, roundId: string, track: string, amount: string) => {
    const response = await app.inject({
      method: 'POST',
      url: routePath(placeBetRoute, { id: roundId }),
      headers: { ...saasHeaders, jwt_token: tokens.get(player.id)! },
      payload: { currency: 'OJO', track, amount, clientBetId: randomBytes(8).toString('hex') },
    });
    expect(response.statusCode).toBe(200);
  };
  /** Trades every track at `timeMs` (prices by lane) and waits until the API's feed has them all. */
  const tradeAll = async (tracks: readonly string[], prices: readonly string[], timeMs: number) => {
    const ids = tracks.map((symbol, lane) => standIns.coinbase.trade(`${symbol}-USD`, prices[lane]!, timeMs));
    await until(
      () => tracks.every((symbol, lane) => feed.latest(symbol)?.tradeId === String(ids[lane]!.tradeId)),
      'the trades to reach the API',
    );
    return ids;
  };
  const announced = async (): Promise<DashRound> => {
    await until(() => feed.latest('BTC') !== undefined, 'the feed to connect');
    await app.game.tick();
    const round = await progress();
    expect(round.phase).toBe('upcoming');
    return round;
  };

  it('races the feed’s coins, snapshots its trades, settles and verifies from the published data', async () => {
    const round = await announced();
    expect(round.terms.feed).toEqual({
      kind: 'external',
      source: feed.source,
      priceDecimals: 12,
      toleranceMs: TOLERANCE_MS,
    });
    const { roundId } = round.terms;
    const { opensAtMs, closesAtMs, raceEndsAtMs } = round.terms.timeline;
    const tracks = round.terms.tracks;
    expect(tracks.every((symbol) => feed.symbols.includes(symbol))).toBe(true);

    nowMs = opensAtMs + 100;
    await app.game.tick();
    await bet(players[0]!, roundId, tracks[0]!, '1000');
    await bet(players[1]!, roundId, tracks[4]!, '1000');

    // Trades just before betting closes are the start; the last trade before the race ends is the end.
    const startTrades = await tradeAll(tracks, ['100', '100', '100', '100', '100'], closesAtMs - 300);
    nowMs = closesAtMs + FEED_SNAPSHOT_GRACE_MS;
    await app.game.tick();
    const racing = await progress(roundId);
    expect(racing.phase).toBe('racing');
    expect(racing.startSnapshot?.quotes.map((quote) => quote.tradeId)).toEqual(
      startTrades.map((trade) => String(trade.tradeId)),
    );
    expect(racing.startSnapshot?.quotes.every((quote) => quote.sourceTimeMs === closesAtMs - 300)).toBe(true);

    const endTrades = await tradeAll(tracks, ['110', '105', '99', '98', '97'], raceEndsAtMs - 500);
    // A trade after the end time is not the race's.
    await tradeAll(tracks, ['1', '1', '1', '1', '500'], raceEndsAtMs + 200);
    nowMs = raceEndsAtMs + FEED_SNAPSHOT_GRACE_MS;
    const heard: LiveEvent[] = [];
    app.game.bus.subscribe((event) => heard.push(event));
    await app.game.tick();
    const settled = await progress(roundId);
    expect(settled.phase).toBe('results');
    expect(settled.endSnapshot?.quotes.map((quote) => quote.tradeId)).toEqual(
      endTrades.map((trade) => String(trade.tradeId)),
    );
    expect(settled.outcome?.kind === 'settled' && settled.outcome.winners).toEqual([tracks[0], tracks[1]]);
    expect(await getBalance(app.db, players[1]!.id, 'OJO')).toBe(9000n);
    expect(await getBalance(app.db, players[0]!.id, 'OJO')).toBeGreaterThan(10_000n);

    // The play-task reward (411004) lands later, by the tasks job: each player then hears `balance` once, so the
    // page refetches the header balance.
    const told = () =>
      heard
        .filter((event) => event.message.type === 'balance')
        .map((event) => event.to)
        .sort();
    const everyone = players.map((player) => player.id).sort();
    await expect
      .poll(
        async () => {
          for (let i = 0; i < 4; i += 1) await app.game.tick();
          return told();
        },
        { timeout: 20_000 },
      )
      .toEqual(everyone);
    for (let i = 0; i < 8; i += 1) await app.game.tick();
    expect(told()).toEqual(everyone);

    // The published round recomputes from its own data, in the domain and with `npm run verify:round`.
    const published = await app.inject({
      method: 'GET',
      url: routePath(getBattleVerifyRoute, { id: roundId }),
      headers: saasHeaders,
    });
    const document = published.json().data;
    expect(document.seed).toBeNull();
    expect(verifyRound(document).valid).toBe(true);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ojo-feed-')), 'round.json');
    writeFileSync(file, JSON.stringify(document));
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      verifyScript,
      '--file',
      file,
    ]);
    expect(stdout).toContain('VALID');
    // A changed end price no longer verifies.
    const forged = structuredClone(document);
    forged.endSnapshot.quotes[4].price = priceUnits('1000').toString();
    expect(verifyRound(forged).valid).toBe(false);
  });

  it('a stale feed (no trade in the stated window before the start) voids the round and refunds every bet', async () => {
    // The previous round's results end and the next round (announced meanwhile) opens.
    nowMs = (await progress()).terms.timeline.resultsEndAtMs;
    await app.game.tick();
    const round = await progress();
    expect(round.phase).toBe('betting');
    expect(round.terms.feed.kind).toBe('external');
    const { roundId } = round.terms;
    const { closesAtMs } = round.terms.timeline;
    const before = await Promise.all(players.map((player) => getBalance(app.db, player.id, 'OJO')));
    await bet(players[0]!, roundId, round.terms.tracks[0]!, '700');
    await bet(players[1]!, roundId, round.terms.tracks[1]!, '300');

    // The exchange goes quiet: the last trades are older than the window when betting closes.
    nowMs = closesAtMs + FEED_SNAPSHOT_GRACE_MS;
    expect(closesAtMs - (feed.latest(round.terms.tracks[0]!)?.timeMs ?? 0)).toBeGreaterThan(TOLERANCE_MS);
    await app.game.tick();
    const voided = await progress(roundId);
    expect(voided.phase).toBe('results');
    expect(voided.outcome?.kind).toBe('void');
    expect(voided.voided?.reason).toBe('feed_stale');
    expect(voided.voided?.detail).toContain(`in the ${TOLERANCE_MS} ms before`);
    expect(await Promise.all(players.map((player) => getBalance(app.db, player.id, 'OJO')))).toEqual(before);

    const published = await app.inject({
      method: 'GET',
      url: routePath(getBattleVerifyRoute, { id: roundId }),
      headers: saasHeaders,
    });
    const report = verifyRound(published.json().data);
    expect(report.valid).toBe(true);
    expect(published.json().data.refunds).toHaveLength(2);
  });

  it("a round with no winning bet carries its pool into the next round's pool, as the pools call shows it", async () => {
    nowMs = (await progress()).terms.timeline.resultsEndAtMs;
    await app.game.tick();
    const round = await progress();
    expect(round.phase).toBe('betting');
    const { roundId, tracks } = round.terms;
    const { closesAtMs, raceEndsAtMs, resultsEndAtMs } = round.terms.timeline;
    await bet(players[0]!, roundId, tracks[4]!, '1000');
    await tradeAll(tracks, ['100', '100', '100', '100', '100'], closesAtMs - 300);
    nowMs = closesAtMs + FEED_SNAPSHOT_GRACE_MS;
    await app.game.tick();
    // Lanes 1 and 2 win; nobody bet on them.
    await tradeAll(tracks, ['110', '105', '99', '98', '97'], raceEndsAtMs - 500);
    nowMs = raceEndsAtMs + FEED_SNAPSHOT_GRACE_MS;
    await app.game.tick();
    const settled = await progress(roundId);
    expect(settled.outcome?.kind).toBe('settled');
    const books = settled.outcome?.kind === 'settled' ? settled.outcome.currencies.OJO : null;
    // 5 % of 1000 feeds the prize pool; the rest carries on.
    expect(books).toMatchObject({ stakes: '1000', fee: '50', winningBets: 0, paidOut: '0', carryOut: '950' });
    // The player's own result in that round, as the frame's history shows it.
    const stored = await findRound(app.db, roundId);
    expect(await myResultsIn(app.db, [stored!], players[0]!.id)).toEqual([
      { roundId, currency: 'OJO', staked: '1000', returned: '0' },
    ]);
    expect(await myResultsIn(app.db, [stored!], players[1]!.id)).toEqual([]);

    nowMs = resultsEndAtMs;
    await app.game.tick();
    await app.game.tick();
    const next = await progress();
    expect(next.terms.roundId).not.toBe(roundId);
    expect(next.terms.carryIn.OJO).toBe('950');
    const pools = async () =>
      (
        await app.inject({ method: 'GET', url: routePath(getBattlePoolsRoute, {}), headers: saasHeaders })
      ).json().data.round;
    // Before anyone bets, the round's pool is the carried pool, not 0.
    expect(await pools()).toMatchObject({ roundId: next.terms.roundId, totals: { OJO: '950', POINT: '0' } });
    nowMs = next.terms.timeline.opensAtMs + 100;
    await app.game.tick();
    await bet(players[1]!, next.terms.roundId, next.terms.tracks[0]!, '200');
    const live = await pools();
    expect(live.pools.OJO.stakes).toBe('200');
    expect(live.totals.OJO).toBe('1150');
  });
});
