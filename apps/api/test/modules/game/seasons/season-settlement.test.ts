import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  getBattleProgressRoute,
  getLaddersRoute,
  getLastSettleRoute,
  getMySeasonSettlesRoute,
  getRewardCurrentRoute,
  getRewardPrizesRoute,
  getSeasonsRoute,
  getSeasonVerifyRoute,
  placeBetRoute,
  publishedSeason,
  routePath,
} from '@ojo/api-contract/game/http';
import { queryRows } from '@ojo/db/client';
import { credit, findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import {
  gamePrizePoolEntries,
  gameSeasonPlayers,
  gameSeasonResults,
  gameSeasonSettles,
  gameSeasons,
} from '@ojo/db/schema/game';
import type { User } from '@ojo/db/schema/users';
import { and, eq, sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { drawCommitment, drawTerms, drawWinners } from '@ojo/domain/game/season/draw';
import { DEFAULT_PRIZE_POOL_CONFIG } from '@ojo/domain/game/season/prize-pool';
import { seasonPlayerRef, verifySeason } from '@ojo/domain/game/season/verify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prizePools } from '../../../../src/modules/game/seasons/prize-pools';
import { ensureOpenSeason, weekOf } from '../../../../src/modules/game/seasons/seasons';
import { settleSeasonById } from '../../../../src/modules/game/seasons/settle-season';
import { buildTestApp, insertUser } from '../../../helpers';
import { saasHeaders } from '../../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const verifyScript = fileURLToPath(new URL('../../../../scripts/verify-season.ts', import.meta.url));

async function runVerify(file: string): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      verifyScript,
      '--file',
      file,
    ]);
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; code?: number };
    return { stdout: failed.stdout ?? '', code: failed.code ?? -1 };
  }
}

const OJO_POOL = 1_000_003n;
const POINT_POOL = 50_001n;

/**
 * A season's settlement with the clock in the test's hand: nothing happens before its end; after it, one pass
 * settles both currencies in one transaction (ladder moves, rank prizes, the ticket draw from the committed seed),
 * pays through the ledger and debits the pool by exactly what it paid; a crash in the middle leaves nothing and the
 * retry pays once; running again pays nothing more; the published settlement recomputes (verify:season); the
 * settles calls answer it; the next season starts from the new tiers.
 */
describeWithDatabases('season settlement', ({ database }) => {
  let app: TestApp;
  // A Wednesday: the season is the week from Monday 2026-11-16.
  let nowMs = Date.parse('2026-11-18T12:00:00Z');
  const season = weekOf(nowMs);
  const players: User[] = [];
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {}, { clock: () => nowMs }));
    await ensureOpenSeason(app.db, nowMs);
    for (let i = 0; i < 14; i += 1) {
      const player = await insertUser(app.db);
      players.push(player);
      tokens.set(player.id, await app.issueSessionToken(player.id));
    }
    // OJO: 12 players on two tiers with results and stakes that differ; the last two played too little to count.
    await app.db.insert(gameSeasonPlayers).values(
      players.slice(0, 12).map((player, i) => ({
        seasonId: season.id,
        userId: player.id,
        currency: 'OJO',
        tier: i < 4 ? 1 : 0,
        staked: BigInt(1000 + i * 777),
        result: BigInt((i % 5) * 1000 - 2000 + i),
        bets: i >= 10 ? 2 : 6 + i,
      })),
    );
    // Points: three players, one of them also in OJO.
    await app.db.insert(gameSeasonPlayers).values(
      [players[0]!, players[12]!, players[13]!].map((player, i) => ({
        seasonId: season.id,
        userId: player.id,
        currency: 'POINT',
        tier: 0,
        staked: BigInt(400 * (i + 1)),
        result: BigInt(100 - i * 100),
        bets: 5 + i,
      })),
    );
    await app.db.insert(gamePrizePoolEntries).values([
      { currency: 'OJO', amount: OJO_POOL, source: 'fee', idempotencyKey: 'test:pool:ojo' },
      { currency: 'POINT', amount: POINT_POOL, source: 'fee', idempotencyKey: 'test:pool:point' },
    ]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const headers = (player: User) => ({ ...saasHeaders, jwt_token: tokens.get(player.id)! });
  const balances = async () =>
    Promise.all(
      players.map(async (player) => ({
        OJO: await getBalance(app.db, player.id, 'OJO'),
        POINT: await getBalance(app.db, player.id, 'POINT'),
      })),
    );
  const sumOf = (list: { OJO: bigint; POINT: bigint }[], currency: 'OJO' | 'POINT') =>
    list.reduce((sum, entry) => sum + entry[currency], 0n);

  it('does nothing while the season is open; its state is open and the seed stays secret', async () => {
    expect(await app.game.settleSeasons()).toEqual([]);
    const seasons = (
      await app.inject({ method: 'GET', url: routePath(getSeasonsRoute), headers: saasHeaders })
    ).json().data.seasons;
    expect(seasons[0]).toMatchObject({ id: season.id, state: 'open', settledAtMs: null });
    const prizes = await app.inject({
      method: 'GET',
      url: routePath(getRewardPrizesRoute, { a: 'ojo', b: season.id }),
      headers: saasHeaders,
    });
    expect(prizes.json().data.draw.seed).toBeNull();
    expect(prizes.json().data.settled).toBeNull();
    const verify = await app.inject({
      method: 'GET',
      url: routePath(getSeasonVerifyRoute, { id: season.id }),
      headers: saasHeaders,
    });
    expect(verify.statusCode).toBe(404);
    expect(verify.json().code).toBe('GAME_SEASON_NOT_SETTLED');
  });

  const projected = new Map<string, string>();
  let ladderBefore: {
    rank: number;
    rankInTier: number;
    tier: { tier: number };
    staked: string;
    result: string;
  }[] = [];
  it('the open ladder lists every player, higher tiers first', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${routePath(getLaddersRoute)}?businessType=ojo&limit=100`,
      headers: saasHeaders,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ seasonId: season.id, total: 12 });
    ladderBefore = page.entries;
    expect(ladderBefore.map((entry) => entry.rank)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(ladderBefore.slice(0, 4).every((entry) => entry.tier.tier === 1)).toBe(true);
    for (const player of players.slice(0, 12)) {
      const current = await app.inject({
        method: 'GET',
        url: routePath(getRewardCurrentRoute, { a: 'ojo', b: season.id }),
        headers: headers(player),
      });
      projected.set(player.id, current.json().data.projectedState);
    }
  });

  it('a crash in the middle of settlement leaves nothing behind; the retry settles and pays once', async () => {
    nowMs = season.endsAtMs + 5_000;
    const before = await balances();
    // The last write of the settlement fails (as if the node died there): everything before it must roll back.
    await queryRows(
      app.db,
      sql.raw(`create or replace function test_fail_season() returns trigger language plpgsql as $$
        begin raise exception 'crash in the middle of settlement'; end $$`),
    );
    await queryRows(
      app.db,
      sql.raw(`create trigger test_fail_season before insert on game_season_results
        for each row execute function test_fail_season()`),
    );
    await expect(settleSeasonById(app.db, season.id, nowMs)).rejects.toThrow();
    expect(await balances()).toEqual(before);
    expect(await prizePools(app.db)).toEqual({ OJO: OJO_POOL.toString(), POINT: POINT_POOL.toString() });
    expect(await app.db.select().from(gameSeasonSettles)).toEqual([]);
    const [row] = await app.db.select().from(gameSeasons).where(eq(gameSeasons.id, season.id));
    expect(row?.settledAtMs).toBeNull();
    await queryRows(app.db, sql.raw('drop trigger test_fail_season on game_season_results'));

    // The retry, run twice at once (two nodes; on PGlite one after the other): one settles, the other finds it done.
    const results = await Promise.all([app.game.settleSeasons(), settleSeasonById(app.db, season.id, nowMs)]);
    const summaries = [...results[0], results[1]].filter((summary) => summary !== null);
    expect(summaries).toHaveLength(1);
    const summary = summaries[0]!;
    expect(summary.seasonId).toBe(season.id);

    const after = await balances();
    for (const currency of ['OJO', 'POINT'] as const) {
      const entry = summary.currencies.find((c) => c.currency === currency)!;
      const pool = currency === 'OJO' ? OJO_POOL : POINT_POOL;
      expect(entry.pool).toBe(pool);
      // Players received exactly what the pool lost; what was not paid stays in the pool.
      expect(sumOf(after, currency) - sumOf(before, currency)).toBe(entry.paid);
      expect(entry.paid + entry.carryOut).toBe(pool);
      expect(BigInt((await prizePools(app.db))[currency])).toBe(entry.carryOut);
      expect(entry.paid > 0n).toBe(true);
    }
    expect(await findLedgerDiscrepancies(app.db)).toEqual([]);

    // Settling again (the singleton's next pass, or the same call) pays nothing more.
    expect(await app.game.settleSeasons()).toEqual([]);
    expect(await settleSeasonById(app.db, season.id, nowMs + 60_000)).toBeNull();
    expect(await balances()).toEqual(after);
  });

  it('every player has a settlement row whose prizes are what the ledger paid them', async () => {
    const settles = await app.db
      .select()
      .from(gameSeasonSettles)
      .where(eq(gameSeasonSettles.seasonId, season.id));
    expect(settles).toHaveLength(15);
    const results = await app.db
      .select()
      .from(gameSeasonResults)
      .where(eq(gameSeasonResults.seasonId, season.id));
    for (const result of results) {
      const paid = settles
        .filter((settle) => settle.currency === result.currency)
        .reduce((sum, settle) => sum + settle.rankPrize + settle.drawPrize, 0n);
      expect(paid).toBe(result.paid);
    }
    for (const [i, player] of players.entries()) {
      const mine = settles.filter((settle) => settle.userId === player.id);
      const balance = {
        OJO: await getBalance(app.db, player.id, 'OJO'),
        POINT: await getBalance(app.db, player.id, 'POINT'),
      };
      for (const currency of ['OJO', 'POINT'] as const) {
        const settle = mine.find((s) => s.currency === currency);
        expect(balance[currency], `player ${i} ${currency}`).toBe(
          settle ? settle.rankPrize + settle.drawPrize : 0n,
        );
      }
    }
    // Settlement ranked each tier as the open ladder did (the same order, the same last tie-break).
    const byStakes = new Map(ladderBefore.map((entry) => [`${entry.staked}|${entry.result}`, entry]));
    for (const settle of settles.filter((s) => s.currency === 'OJO')) {
      const [standing] = await app.db
        .select()
        .from(gameSeasonPlayers)
        .where(
          and(
            eq(gameSeasonPlayers.seasonId, season.id),
            eq(gameSeasonPlayers.userId, settle.userId),
            eq(gameSeasonPlayers.currency, 'OJO'),
          ),
        );
      const entry = byStakes.get(`${standing!.staked}|${standing!.result}`)!;
      expect([entry.tier.tier, entry.rankInTier]).toEqual([settle.fromTier, settle.rankInTier]);
    }
    // Each player's move is the one GET /reward/{a}/{b}/current projected before the end.
    for (const settle of settles.filter((s) => s.currency === 'OJO'))
      expect(settle.state).toBe(projected.get(settle.userId));
    // The two who played too little (2 bets, fewer than 5) won no rank prize.
    for (const player of players.slice(10, 12)) {
      const settle = settles.find((s) => s.userId === player.id && s.currency === 'OJO')!;
      expect(settle.rankPrize).toBe(0n);
      expect(settle.state).toBe('keep'); // down from the lowest tier is keep
    }
  });

  it('publishes a settlement that recomputes from its own data, with the draw from the committed seed', async () => {
    const response = await app.inject({
      method: 'GET',
      url: routePath(getSeasonVerifyRoute, { id: season.id }),
      headers: saasHeaders,
    });
    expect(response.statusCode).toBe(200);
    const published = publishedSeason.parse(response.json().data);
    const report = verifySeason(published);
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.valid).toBe(true);
    const [row] = await app.db.select().from(gameSeasons).where(eq(gameSeasons.id, season.id));
    for (const entry of published.currencies) {
      // The seed opens the commitment published when the season opened, and draws the winners from the tickets.
      const terms = drawTerms(season.id, entry.currency, DEFAULT_PRIZE_POOL_CONFIG.drawPrizes);
      expect(entry.seed).toBe(row!.drawSeed);
      expect(drawCommitment(terms, entry.seed)).toBe(entry.commitment);
      expect(entry.drawWinners).toEqual(drawWinners(terms, entry.seed, entry.holdings));
    }
    expect(published.currencies.find((c) => c.currency === 'OJO')!.standings).toHaveLength(12);

    const dir = mkdtempSync(path.join(tmpdir(), 'ojo-season-'));
    const good = path.join(dir, 'season.json');
    writeFileSync(good, JSON.stringify(response.json().data));
    const ok = await runVerify(good);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('VALID');
    const tampered = JSON.parse(JSON.stringify(response.json().data));
    tampered.currencies[0].rankPrizes[0].amount = (
      BigInt(tampered.currencies[0].rankPrizes[0].amount) + 1n
    ).toString();
    const bad = path.join(dir, 'tampered.json');
    writeFileSync(bad, JSON.stringify(tampered));
    const refused = await runVerify(bad);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('FAIL');
  });

  it('lastsettle, settles/myself, seasons and the prize table answer the settled result', async () => {
    const player = players[0]!;
    const [ojo] = await app.db
      .select()
      .from(gameSeasonSettles)
      .where(and(eq(gameSeasonSettles.userId, player.id), eq(gameSeasonSettles.currency, 'OJO')));
    const last = await app.inject({
      method: 'GET',
      url: `${routePath(getLastSettleRoute)}?businessType=ojo`,
      headers: headers(player),
    });
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toMatchObject({
      seasonId: season.id,
      businessType: 'ojo',
      from: { tier: ojo!.fromTier },
      to: { tier: ojo!.toTier },
      state: ojo!.state,
      rankPrize: ojo!.rankPrize.toString(),
      drawPrize: ojo!.drawPrize.toString(),
      player: seasonPlayerRef(season.id, player.id),
    });
    const mine = await app.inject({
      method: 'GET',
      url: routePath(getMySeasonSettlesRoute, { id: season.id }),
      headers: headers(player),
    });
    expect(
      mine
        .json()
        .data.settles.map((s: { businessType: string }) => s.businessType)
        .sort(),
    ).toEqual(['ojo', 'points']);
    const seasons = (
      await app.inject({ method: 'GET', url: routePath(getSeasonsRoute), headers: saasHeaders })
    ).json().data.seasons;
    expect(seasons.find((s: { id: string }) => s.id === season.id)).toMatchObject({
      state: 'closed',
      settledAtMs: nowMs,
    });

    const prizes = (
      await app.inject({
        method: 'GET',
        url: routePath(getRewardPrizesRoute, { a: 'ojo', b: season.id }),
        headers: saasHeaders,
      })
    ).json().data;
    const [result] = await app.db
      .select()
      .from(gameSeasonResults)
      .where(and(eq(gameSeasonResults.seasonId, season.id), eq(gameSeasonResults.currency, 'OJO')));
    expect(prizes.pool).toBe(OJO_POOL.toString());
    expect(prizes.seasonState).toBe('closed');
    expect(prizes.draw.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(prizes.settled).toEqual({
      paid: result!.paid.toString(),
      carryOut: result!.carryOut.toString(),
      settledAtMs: nowMs,
    });
    expect(prizes.draw.winners.length).toBeGreaterThan(0);
    const refs = new Set(players.map((p) => seasonPlayerRef(season.id, p.id)));
    for (const winner of prizes.draw.winners) expect(refs.has(winner.player)).toBe(true);
  });

  it("carries each player's new tier into the next season's ladder", async () => {
    const next = weekOf(season.endsAtMs);
    const moved = await app.db
      .select()
      .from(gameSeasonSettles)
      .where(and(eq(gameSeasonSettles.seasonId, season.id), sql`${gameSeasonSettles.toTier} > 0`));
    expect(moved.length).toBeGreaterThan(0);
    for (const settle of moved) {
      const [row] = await app.db
        .select()
        .from(gameSeasonPlayers)
        .where(
          and(
            eq(gameSeasonPlayers.seasonId, next.id),
            eq(gameSeasonPlayers.userId, settle.userId),
            eq(gameSeasonPlayers.currency, settle.currency),
          ),
        );
      expect(row).toMatchObject({ tier: settle.toTier, bets: 0, staked: 0n });
    }
  });
});

/** The `game-seasons` singleton settles a season on its own once its end has passed (no call by hand). */
describeWithDatabases('season settlement by the singleton', ({ database }) => {
  let app: TestApp;
  const nowMs = Date.parse('2026-11-25T12:00:00Z');
  const past = weekOf(nowMs - 7 * 24 * 3600 * 1000);

  beforeAll(async () => {
    ({ app } = await buildTestApp(
      database(),
      { GAME_SCHEDULER: 'true', GAME_SEASON_CHECK_MS: '250' },
      { clock: () => nowMs },
    ));
    await ensureOpenSeason(app.db, past.startsAtMs + 1000);
    const player = await insertUser(app.db);
    await app.db.insert(gameSeasonPlayers).values({
      seasonId: past.id,
      userId: player.id,
      currency: 'OJO',
      staked: 5000n,
      result: 100n,
      bets: 6,
    });
    await app.db
      .insert(gamePrizePoolEntries)
      .values({ currency: 'OJO', amount: 10_000n, source: 'fee', idempotencyKey: 'test:singleton:ojo' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('settles the ended season within a few passes, and only once', async () => {
    const deadline = Date.now() + 20_000;
    let settledAtMs: number | null = null;
    while (settledAtMs === null && Date.now() < deadline) {
      const [row] = await app.db.select().from(gameSeasons).where(eq(gameSeasons.id, past.id));
      settledAtMs = row?.settledAtMs ?? null;
      if (settledAtMs === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(settledAtMs).toBe(nowMs);
    const results = await app.db
      .select()
      .from(gameSeasonResults)
      .where(eq(gameSeasonResults.seasonId, past.id));
    expect(results.map((r) => r.currency).sort()).toEqual(['OJO', 'POINT']);
    const ojo = results.find((r) => r.currency === 'OJO')!;
    expect(ojo.paid > 0n).toBe(true);
    expect(BigInt((await prizePools(app.db)).OJO)).toBe(ojo.carryOut);
  });
});

/**
 * From play to prizes: a real round's fee feeds the OJO prize pool and its stakes earn tickets; at the season's end
 * the draw pays its holders out of that pool, and the pool keeps exactly the rest.
 */
describeWithDatabases('a season fed by a real round', ({ database }) => {
  let app: TestApp;
  let nowMs = Math.floor(Date.parse('2026-11-18T09:00:00Z') / 250) * 250;
  const season = weekOf(nowMs);
  const players: User[] = [];

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {}, { clock: () => nowMs }));
    for (let i = 0; i < 3; i += 1) {
      const player = await insertUser(app.db);
      players.push(player);
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

  it('the round feeds the pool and the tickets; the season pays the draw from that pool', async () => {
    await app.game.tick();
    const announced = (
      await app.inject({
        method: 'GET',
        url: routePath(getBattleProgressRoute, { id: 'current' }),
        headers: saasHeaders,
      })
    ).json().data.round;
    const roundId = announced.terms.roundId;
    nowMs = announced.terms.timeline.opensAtMs + 100;
    await app.game.tick();
    for (const [i, player] of players.entries()) {
      const placed = await app.inject({
        method: 'POST',
        url: routePath(placeBetRoute, { id: roundId }),
        headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(player.id) },
        payload: {
          currency: 'OJO',
          track: announced.terms.tracks[i],
          amount: String(1000 * (i + 1)),
          clientBetId: `season-${i}`,
        },
      });
      expect(placed.statusCode).toBe(200);
    }
    nowMs = announced.terms.timeline.closesAtMs;
    await app.game.tick();
    nowMs = announced.terms.timeline.raceEndsAtMs;
    await app.game.tick();
    const pool = BigInt((await prizePools(app.db)).OJO);
    expect(pool > 0n).toBe(true);
    const before = await Promise.all(players.map((p) => getBalance(app.db, p.id, 'OJO')));

    nowMs = season.endsAtMs;
    const [summary] = await app.game.settleSeasons();
    const ojo = summary!.currencies.find((c) => c.currency === 'OJO')!;
    expect(ojo.pool).toBe(pool);
    const after = await Promise.all(players.map((p) => getBalance(app.db, p.id, 'OJO')));
    const gained = after.reduce((sum, b) => sum + b, 0n) - before.reduce((sum, b) => sum + b, 0n);
    expect(gained).toBe(ojo.paid);
    expect(BigInt((await prizePools(app.db)).OJO)).toBe(pool - ojo.paid);
    // Every player holds tickets (5, 10, 15): all three win one of the 10 draw prizes of drawPart / 10 each;
    // with one bet each nobody has the 5 bets a rank prize asks.
    const each = (pool * BigInt(DEFAULT_PRIZE_POOL_CONFIG.drawShareBps)) / 10_000n / 10n;
    expect(ojo.paid).toBe(each * 3n);
    const settles = await app.db
      .select()
      .from(gameSeasonSettles)
      .where(eq(gameSeasonSettles.seasonId, season.id));
    expect(settles.map((s) => s.tickets).sort((a, b) => Number(a - b))).toEqual([5n, 10n, 15n]);
    const published = (
      await app.inject({
        method: 'GET',
        url: routePath(getSeasonVerifyRoute, { id: season.id }),
        headers: saasHeaders,
      })
    ).json().data;
    expect(verifySeason(publishedSeason.parse(published)).valid).toBe(true);
    expect(await findLedgerDiscrepancies(app.db)).toEqual([]);
  });
});
