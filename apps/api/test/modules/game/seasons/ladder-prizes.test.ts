import { getLaddersRoute, routePath } from '@ojo/api-contract/game/http';
import { gamePrizePoolEntries, gameSeasonPlayers } from '@ojo/db/schema/game';
import { describeWithDatabases } from '@ojo/db/testing';
import { DEFAULT_LADDER_CONFIG, type LadderStanding } from '@ojo/domain/game/season/ladder';
import { DEFAULT_PRIZE_POOL_CONFIG } from '@ojo/domain/game/season/prize-pool';
import { settleSeason } from '@ojo/domain/game/season/settle-season';
import { seasonPlayerRef } from '@ojo/domain/game/season/verify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureOpenSeason, weekOf } from '../../../../src/modules/game/seasons/seasons';
import { buildTestApp, insertUser } from '../../../helpers';
import { saasHeaders } from '../../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * What each place of the open season's ladder earns: the rank prize the season's settlement would pay that player
 * from the current pool, and 0 with `eligible: false` for a player short of the minimum bets, however high they
 * stand.
 */
describeWithDatabases('open-season ladder prizes', ({ database }) => {
  let app: TestApp;
  const nowMs = Date.parse('2026-11-18T12:00:00Z');
  const season = weekOf(nowMs);
  const pool = 123_457n;
  const standings: LadderStanding[] = [];
  const userOfRef = new Map<string, string>();

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {}, { clock: () => nowMs }));
    await ensureOpenSeason(app.db, nowMs);
    // 13 players: the best results belong to two players with too few bets, so eligible places shift past them.
    for (let i = 0; i < 13; i += 1) {
      const user = await insertUser(app.db, { handle: `points-${i}` });
      const bets = i === 0 || i === 4 ? DEFAULT_LADDER_CONFIG.minBets - 1 : DEFAULT_LADDER_CONFIG.minBets + i;
      const standing = {
        playerId: seasonPlayerRef(season.id, user.id),
        tier: 0,
        result: BigInt(1000 - i * 50),
        staked: 800n,
        bets,
      };
      standings.push(standing);
      userOfRef.set(standing.playerId, user.id);
      await app.db.insert(gameSeasonPlayers).values({
        seasonId: season.id,
        userId: user.id,
        currency: 'POINT',
        tier: standing.tier,
        staked: standing.staked,
        result: standing.result,
        bets,
      });
    }
    await app.db
      .insert(gamePrizePoolEntries)
      .values({ currency: 'POINT', amount: pool, source: 'fee', idempotencyKey: 'ladder-prizes:pool' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("gives each place the settlement's rank prize of the current pool, and 0 to an ineligible player", async () => {
    const settlement = settleSeason({
      seasonId: season.id,
      currency: 'POINT',
      standings,
      holdings: [],
      pool,
      drawSeed: '00'.repeat(32),
      ladder: DEFAULT_LADDER_CONFIG,
      prizePool: DEFAULT_PRIZE_POOL_CONFIG,
    });
    const prizeOf = new Map(settlement.rankPrizes.map((prize) => [prize.playerId, prize.amount.toString()]));
    const response = await app.inject({
      method: 'GET',
      url: `${routePath(getLaddersRoute)}?businessType=points&limit=100`,
      headers: saasHeaders,
    });
    const page = getLaddersRoute.result.parse(response.json().data);
    expect(page.minBets).toBe(DEFAULT_LADDER_CONFIG.minBets);
    const byHandle = new Map(page.entries.map((entry) => [entry.player.handle, entry]));
    for (const standing of standings) {
      const entry = byHandle.get(`points-${standings.indexOf(standing)}`)!;
      expect(entry.eligible).toBe(standing.bets >= DEFAULT_LADDER_CONFIG.minBets);
      expect(entry.prize).toBe(prizeOf.get(standing.playerId) ?? '0');
    }
    // The best-placed players are ineligible: they earn nothing, and the first eligible player earns the top prize.
    expect(page.entries[0]).toMatchObject({ eligible: false, prize: '0' });
    expect(page.entries[1]!.prize).toBe(settlement.rankPrizes[0]!.amount.toString());
    expect(page.entries.filter((entry) => entry.prize !== '0')).toHaveLength(
      DEFAULT_PRIZE_POOL_CONFIG.rankWeightsBps.length,
    );
  });
});
