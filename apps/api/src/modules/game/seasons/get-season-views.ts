import type { publishedSeason as publishedSeasonSchema } from '@ojo/api-contract/game/http';
import type { Database } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { gameSeasonPlayers, gameSeasonResults, gameSeasonSettles, gameSeasons } from '@ojo/db/schema/game';
import { users } from '@ojo/db/schema/users';
import { and, desc, eq, type SQL, sql } from '@ojo/db/sql';
import type { BusinessType } from '@ojo/domain/enums';
import { currencyOfBusinessType } from '@ojo/domain/game/amount';
import { DASH_TICKET_RATE, ticketsForStakes } from '@ojo/domain/game/dash/tickets';
import { DEFAULT_LADDER_CONFIG, ladderZones } from '@ojo/domain/game/season/ladder';
import { DEFAULT_PRIZE_POOL_CONFIG, rankPrizeAmounts } from '@ojo/domain/game/season/prize-pool';
import { type PublishedSeasonCurrency, seasonPlayerRef } from '@ojo/domain/game/season/verify';
import type { z } from 'zod';
import { gameErrors } from '../errors';
import { prizePools } from './prize-pools';
import { listSeasons, type SeasonRow, seasonDraw, stateOf, weekOf } from './seasons';
import { publishedSeason } from './settle-season';

/** Tickets, standings, ladders and seasons (product.md 2 /game/tickets, /game/prize-pool, /game/ranks; product.md 7). */

const tiers = DEFAULT_LADDER_CONFIG.tiers;
const tierOf = (index: number) => ({ tier: index, tierName: tiers[index] ?? tiers[0]! });

async function seasonById(db: Database, id: string): Promise<SeasonRow> {
  const [row] = await db.select().from(gameSeasons).where(eq(gameSeasons.id, id));
  if (!row) throw gameErrors.seasonNotFound();
  return row;
}

async function openSeason(db: Database, nowMs: number): Promise<SeasonRow | undefined> {
  const [row] = await db
    .select()
    .from(gameSeasons)
    .where(eq(gameSeasons.id, weekOf(nowMs).id));
  return row;
}

async function standing(db: Database, seasonId: string, userId: string, currency: string) {
  const [row] = await db
    .select()
    .from(gameSeasonPlayers)
    .where(
      and(
        eq(gameSeasonPlayers.seasonId, seasonId),
        eq(gameSeasonPlayers.userId, userId),
        eq(gameSeasonPlayers.currency, currency),
      ),
    );
  return row;
}

/** GET /props/{id}: the player's tickets of the open season in a currency. */
export async function getProps(db: Database, businessType: BusinessType, userId: string, nowMs: number) {
  const currency = currencyOfBusinessType(businessType);
  const season = await openSeason(db, nowMs);
  const row = season ? await standing(db, season.id, userId, currency) : undefined;
  const staked = row?.staked ?? 0n;
  const rate = DASH_TICKET_RATE[currency];
  return {
    businessType,
    seasonId: season?.id ?? null,
    tickets: ticketsForStakes(staked, currency).toString(),
    staked: staked.toString(),
    rate: rate.toString(),
    toNextTicket: (rate - (staked % rate)).toString(),
  };
}

interface RankRow {
  user_id: string;
  tier: number;
  result: string;
  staked: string;
  bets: number;
  rank: string;
  rank_in_tier: string;
  /** Rank among the tier's active players (the ladder settles each tier on them). */
  active_rank: string;
  /** Rank among the season's active players, the order the rank prizes are paid in (settle-season.ts). */
  prize_rank: string;
}

/** A ranked row the ladder shows, with the player's public profile. */
interface LadderRow extends RankRow {
  handle: string | null;
  avatar: string | null;
}

/**
 * The ladder's order (ladder.ts): higher tiers first, then result, stakes, and last the player's season reference
 * (verify.ts seasonPlayerRef, as settlement breaks ties, stored as `player_ref`, compared byte by byte as JS `<`
 * does); a rank is never shared. The whole season is ranked, so this reads no other table: names are joined on the
 * few rows a request returns (`withPlayers`).
 */
const playerRef = sql`p.player_ref collate "C"`;
const rankedQuery = (seasonId: string, currency: string) => sql`
  select p.user_id, p.tier, p.result::text as result, p.staked::text as staked, p.bets,
    row_number() over (order by p.tier desc, p.result desc, p.staked desc, ${playerRef}) as rank,
    row_number() over (partition by p.tier order by p.result desc, p.staked desc, ${playerRef}) as rank_in_tier,
    row_number() over (partition by p.tier, p.bets >= ${DEFAULT_LADDER_CONFIG.minBets}
      order by p.result desc, p.staked desc, ${playerRef}) as active_rank,
    row_number() over (partition by p.bets >= ${DEFAULT_LADDER_CONFIG.minBets}
      order by p.tier desc, p.result desc, p.staked desc, ${playerRef}) as prize_rank
  from ${gameSeasonPlayers} p
  where p.season_id = ${seasonId} and p.currency = ${currency}`;

/** The ranked rows a request returns, with each player's public handle and avatar (null before a profile). */
const withPlayers = (ranked: SQL) => sql`
  select r.*, u.handle, u.avatar from (${ranked}) r join ${users} u on u.id = r.user_id order by r.rank`;

const toEntry = (row: LadderRow, rankPrizes: readonly bigint[]) => {
  const eligible = row.bets >= DEFAULT_LADDER_CONFIG.minBets;
  const prize = eligible ? (rankPrizes[Number(row.prize_rank) - 1] ?? 0n) : 0n;
  return {
    rank: Number(row.rank),
    rankInTier: Number(row.rank_in_tier),
    tier: tierOf(row.tier),
    player: { handle: row.handle, avatar: row.avatar },
    result: row.result,
    staked: row.staked,
    bets: row.bets,
    eligible,
    prize: prize.toString(),
  };
};

/** GET /reward/{a}/{b}/current. */
export async function getRewardCurrent(
  db: Database,
  businessType: BusinessType,
  seasonId: string,
  userId: string,
  nowMs: number,
) {
  const season = await seasonById(db, seasonId);
  const currency = currencyOfBusinessType(businessType);
  const rows = await queryRows<RankRow>(
    db,
    sql`select * from (${rankedQuery(season.id, currency)}) r where r.user_id = ${userId}`,
  );
  const row = rows[0];
  let projectedState: 'up' | 'down' | 'keep' | 'promotion' | null = null;
  if (row) {
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${gameSeasonPlayers}
          where season_id = ${season.id} and currency = ${currency} and tier = ${row.tier}
            and bets >= ${DEFAULT_LADDER_CONFIG.minBets}`,
    );
    const zones = ladderZones(count?.n ?? 0, DEFAULT_LADDER_CONFIG);
    const position = Number(row.active_rank);
    if (row.bets < DEFAULT_LADDER_CONFIG.minBets) projectedState = 'down';
    else if (position <= zones.promotion) projectedState = 'promotion';
    else if (position <= zones.up) projectedState = 'up';
    else if (position > (count?.n ?? 0) - zones.down) projectedState = 'down';
    else projectedState = 'keep';
    // As the ladder names a move cut short at the top or bottom tier: by what actually happens.
    const steps = { promotion: 2, up: 1, keep: 0, down: -1 }[projectedState];
    const top = DEFAULT_LADDER_CONFIG.tiers.length - 1;
    const actual = Math.max(0, Math.min(top, row.tier + steps)) - row.tier;
    projectedState = actual >= 2 ? 'promotion' : actual === 1 ? 'up' : actual === 0 ? 'keep' : 'down';
  }
  return {
    businessType,
    seasonId: season.id,
    seasonState: stateOf(season, nowMs) ?? 'open',
    rank: row ? Number(row.rank) : null,
    rankInTier: row ? Number(row.rank_in_tier) : null,
    tier: row ? tierOf(row.tier) : null,
    result: row?.result ?? '0',
    staked: row?.staked ?? '0',
    bets: row?.bets ?? 0,
    tickets: ticketsForStakes(BigInt(row?.staked ?? '0'), currency).toString(),
    projectedState,
  };
}

/**
 * GET /reward/{a}/{b}/prizes: the prize table. Before settlement, as the current pool would share it; once the
 * season is settled, what its settlement paid: the settled pool, each rank prize, the draw winners and the seed.
 */
export async function getRewardPrizes(
  db: Database,
  businessType: BusinessType,
  seasonId: string,
  nowMs: number,
) {
  const season = await seasonById(db, seasonId);
  const currency = currencyOfBusinessType(businessType);
  const [result] = await db
    .select()
    .from(gameSeasonResults)
    .where(and(eq(gameSeasonResults.seasonId, season.id), eq(gameSeasonResults.currency, currency)));
  const settled = result?.published as PublishedSeasonCurrency | undefined;
  const pool = settled ? BigInt(settled.pool) : BigInt((await prizePools(db))[currency]);
  const config = settled?.prizePool ?? DEFAULT_PRIZE_POOL_CONFIG;
  const rankAmounts = rankPrizeAmounts(pool, config);
  const drawPart = (pool * BigInt(config.drawShareBps)) / 10_000n;
  const draw = seasonDraw(season, currency, nowMs);
  return {
    businessType,
    seasonId: season.id,
    seasonState: stateOf(season, nowMs) ?? 'open',
    pool: pool.toString(),
    rankPrizes: config.rankWeightsBps.map((shareBps, index) => ({
      rank: index + 1,
      shareBps,
      amount: rankAmounts[index]!.toString(),
    })),
    draw: {
      prizes: config.drawPrizes,
      amountEach: config.drawPrizes > 0 ? (drawPart / BigInt(config.drawPrizes)).toString() : '0',
      commitment: draw.commitment,
      seed: draw.seed,
      winners: settled
        ? settled.drawPrizes.map((prize) => ({
            order: prize.order,
            player: prize.playerId,
            amount: prize.amount,
          }))
        : [],
    },
    settled:
      result && season.settledAtMs !== null
        ? {
            paid: result.paid.toString(),
            carryOut: result.carryOut.toString(),
            settledAtMs: result.settledAtMs,
          }
        : null,
  };
}

const toSettle = (row: typeof gameSeasonSettles.$inferSelect) => ({
  seasonId: row.seasonId,
  businessType: (row.currency === 'OJO' ? 'ojo' : 'points') as BusinessType,
  from: tierOf(row.fromTier),
  to: tierOf(row.toTier),
  rankInTier: row.rankInTier,
  state: row.state as 'up' | 'down' | 'keep' | 'promotion',
  rankPrize: row.rankPrize.toString(),
  drawPrize: row.drawPrize.toString(),
  tickets: row.tickets.toString(),
  player: seasonPlayerRef(row.seasonId, row.userId),
  settledAtMs: row.settledAtMs,
});

/** GET /ladders/lastsettle. */
export async function getLastSettle(db: Database, businessType: BusinessType, userId: string) {
  const [row] = await db
    .select()
    .from(gameSeasonSettles)
    .where(
      and(
        eq(gameSeasonSettles.userId, userId),
        eq(gameSeasonSettles.currency, currencyOfBusinessType(businessType)),
      ),
    )
    .orderBy(desc(gameSeasonSettles.settledAtMs))
    .limit(1);
  return row ? toSettle(row) : null;
}

/** GET /seasons/{id}/settles/myself. */
export async function getMySeasonSettles(db: Database, seasonId: string, userId: string) {
  await seasonById(db, seasonId);
  const rows = await db
    .select()
    .from(gameSeasonSettles)
    .where(and(eq(gameSeasonSettles.seasonId, seasonId), eq(gameSeasonSettles.userId, userId)));
  return { settles: rows.map(toSettle) };
}

/** GET /seasons/{id}/verify: the published settlement, once settled. */
export async function getSeasonVerify(db: Database, seasonId: string) {
  const published = await publishedSeason(db, await seasonById(db, seasonId));
  if (!published) throw gameErrors.seasonNotSettled();
  // The domain's document is deeply readonly; the contract's schema describes the same JSON.
  return published as unknown as z.infer<typeof publishedSeasonSchema>;
}

/** GET /ladders: the open season's ranking. */
export async function getLadders(
  db: Database,
  query: { businessType: BusinessType; offset: number; limit: number },
  userId: string | null,
  nowMs: number,
) {
  const season = await openSeason(db, nowMs);
  const minBets = DEFAULT_LADDER_CONFIG.minBets;
  if (!season) return { seasonId: null, tiers: [...tiers], total: 0, minBets, entries: [], me: null };
  const currency = currencyOfBusinessType(query.businessType);
  const rankPrizes = rankPrizeAmounts(BigInt((await prizePools(db))[currency]), DEFAULT_PRIZE_POOL_CONFIG);
  const entryOf = (row: LadderRow) => toEntry(row, rankPrizes);
  const rows = await queryRows<LadderRow>(
    db,
    withPlayers(sql`select * from (${rankedQuery(season.id, currency)}) r
        order by r.rank offset ${query.offset} limit ${query.limit}`),
  );
  let me = null;
  if (userId) {
    const mine = await queryRows<LadderRow>(
      db,
      withPlayers(sql`select * from (${rankedQuery(season.id, currency)}) r where r.user_id = ${userId}`),
    );
    me = mine[0] ? entryOf(mine[0]) : null;
  }
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${gameSeasonPlayers} where season_id = ${season.id} and currency = ${currency}`,
  );
  return {
    seasonId: season.id,
    tiers: [...tiers],
    total: count?.n ?? 0,
    minBets,
    entries: rows.map(entryOf),
    me,
  };
}

/** GET /seasons. */
export async function getSeasons(db: Database, nowMs: number) {
  const rows = await listSeasons(db, nowMs);
  return {
    seasons: rows.map((row) => ({
      id: row.id,
      startsAtMs: row.startsAtMs,
      endsAtMs: row.endsAtMs,
      settledAtMs: row.settledAtMs,
      state: stateOf(row, nowMs) ?? 'open',
    })),
  };
}
