import type { Database, Transaction } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { creditMany, type LedgerMove } from '@ojo/db/ledger';
import {
  gamePrizePoolEntries,
  gameSeasonPlayers,
  gameSeasonResults,
  gameSeasonSettles,
  gameSeasons,
} from '@ojo/db/schema/game';
import { and, asc, eq, isNull, lte, sql } from '@ojo/db/sql';
import { GAME_CURRENCIES, type GameCurrency } from '@ojo/domain/game/amount';
import { ticketsForStakes } from '@ojo/domain/game/dash/tickets';
import { drawCommitment, drawTerms, type TicketHolding } from '@ojo/domain/game/season/draw';
import { DEFAULT_LADDER_CONFIG, type LadderStanding } from '@ojo/domain/game/season/ladder';
import { DEFAULT_PRIZE_POOL_CONFIG } from '@ojo/domain/game/season/prize-pool';
import { settleSeason } from '@ojo/domain/game/season/settle-season';
import {
  type PublishedSeason,
  type PublishedSeasonCurrency,
  publishSeasonCurrency,
  SEASON_PUBLICATION_FORMAT,
  seasonPlayerRef,
} from '@ojo/domain/game/season/verify';
import { ensureOpenSeason } from './seasons';

/**
 * Settles a season whose end has passed (ARCHITECTURE.md (The coin race)): for each currency, in ONE transaction with
 * the season marked settled, the domain's `settleSeason` decides each player's ladder move, the rank prizes and the
 * ticket draw (from the seed committed when the season was created) out of the currency's prize pool as it stands;
 * this carries it out:
 *
 * - each prize is a ledger credit with the key `season:<season>:<currency>:rank|draw:<player>`;
 * - the pool is debited by exactly what was paid (one entry, key `season:<season>:<currency>:paid`); the rest stays
 *   in the pool for the next season;
 * - every player's settlement is a game_season_settles row (GET /ladders/lastsettle, /seasons/{id}/settles/myself),
 *   the published document a game_season_results row (GET /seasons/{id}/verify, `npm run verify:season`);
 * - each player's new tier is carried into the next season's ladder (a row at that tier, so the ladder shows it).
 *
 * The season row is locked and checked first and the whole settlement commits at once, so running it twice (a
 * retry after a crash, a second node) pays once; a transaction-scoped advisory lock keeps two seasons from sharing
 * the same pool at the same moment. It runs on schedule on the node holding the `game-seasons` lease (plugin.ts),
 * within GAME_SEASON_CHECK_MS of the season's end, whether or not any round is played.
 */
export const SEASON_LEASE_NAME = 'game-seasons';

const SETTLE_LOCK = sql`select pg_advisory_xact_lock(hashtext('ojo-game-season-settle'))`;

export interface SeasonSettleSummary {
  seasonId: string;
  settledAtMs: number;
  currencies: { currency: GameCurrency; pool: bigint; paid: bigint; carryOut: bigint; players: number }[];
}

interface StandingRow {
  user_id: string;
  tier: number;
  result: string;
  staked: string;
  bets: number;
}

async function poolOf(tx: Transaction, currency: GameCurrency): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    tx,
    sql`select sum(amount)::text as total from ${gamePrizePoolEntries} where currency = ${currency}`,
  );
  return BigInt(row?.total ?? '0');
}

async function settleCurrency(
  tx: Transaction,
  season: typeof gameSeasons.$inferSelect,
  currency: GameCurrency,
  nextSeasonId: string | null,
  nowMs: number,
): Promise<{ summary: SeasonSettleSummary['currencies'][number]; published: PublishedSeasonCurrency }> {
  const rows = await queryRows<StandingRow>(
    tx,
    sql`select user_id, tier, result::text as result, staked::text as staked, bets from ${gameSeasonPlayers}
        where season_id = ${season.id} and currency = ${currency} order by user_id for update`,
  );
  const userOf = new Map<string, string>();
  const standings: LadderStanding[] = rows.map((row) => {
    const ref = seasonPlayerRef(season.id, row.user_id);
    userOf.set(ref, row.user_id);
    return {
      playerId: ref,
      tier: Math.min(Math.max(row.tier, 0), DEFAULT_LADDER_CONFIG.tiers.length - 1),
      result: BigInt(row.result),
      staked: BigInt(row.staked),
      bets: row.bets,
    };
  });
  const holdings: TicketHolding[] = standings.map((standing) => ({
    playerId: standing.playerId,
    tickets: ticketsForStakes(standing.staked, currency).toString(),
  }));
  const pool = await poolOf(tx, currency);
  const settlement = settleSeason({
    seasonId: season.id,
    currency,
    standings,
    holdings,
    pool,
    drawSeed: season.drawSeed,
    ladder: DEFAULT_LADDER_CONFIG,
    prizePool: DEFAULT_PRIZE_POOL_CONFIG,
  });

  const key = (kind: string, ref: string) => `season:${season.id}:${currency}:${kind}:${userOf.get(ref)}`;
  const moves: LedgerMove[] = [
    ...settlement.rankPrizes.map((prize) => ({
      userId: userOf.get(prize.playerId)!,
      asset: currency,
      amount: prize.amount,
      reason: 'game.season.rank_prize',
      idempotencyKey: key('rank', prize.playerId),
    })),
    ...settlement.drawPrizes.map((prize) => ({
      userId: userOf.get(prize.playerId)!,
      asset: currency,
      amount: prize.amount,
      reason: 'game.season.draw_prize',
      idempotencyKey: key('draw', prize.playerId),
    })),
  ];
  await creditMany(tx, moves);
  const paid = moves.reduce((sum, move) => sum + move.amount, 0n);
  if (paid > 0n)
    await tx
      .insert(gamePrizePoolEntries)
      .values({
        currency,
        amount: -paid,
        source: 'season_prizes',
        idempotencyKey: `season:${season.id}:${currency}:paid`,
      })
      .onConflictDoNothing({ target: gamePrizePoolEntries.idempotencyKey });

  const rankPrize = new Map(settlement.rankPrizes.map((prize) => [prize.playerId, prize.amount]));
  const drawPrize = new Map(settlement.drawPrizes.map((prize) => [prize.playerId, prize.amount]));
  const tickets = new Map(holdings.map((holding) => [holding.playerId, BigInt(holding.tickets)]));
  const settles = settlement.ladder.map((move) => ({
    seasonId: season.id,
    userId: userOf.get(move.playerId)!,
    currency,
    fromTier: move.fromTier,
    toTier: move.toTier,
    rankInTier: move.rankInTier,
    state: move.state,
    rankPrize: rankPrize.get(move.playerId) ?? 0n,
    drawPrize: drawPrize.get(move.playerId) ?? 0n,
    tickets: tickets.get(move.playerId) ?? 0n,
    settledAtMs: nowMs,
  }));
  const chunk = 2000;
  for (let start = 0; start < settles.length; start += chunk)
    await tx
      .insert(gameSeasonSettles)
      .values(settles.slice(start, start + chunk))
      .onConflictDoNothing();

  // The next season's ladder starts from the new tiers (a player who had already played in it keeps their stats).
  const carried = settles.filter((settle) => settle.toTier > 0);
  if (nextSeasonId)
    for (let start = 0; start < carried.length; start += chunk)
      await tx
        .insert(gameSeasonPlayers)
        .values(
          carried.slice(start, start + chunk).map((settle) => ({
            seasonId: nextSeasonId,
            userId: settle.userId,
            currency,
            tier: settle.toTier,
          })),
        )
        .onConflictDoUpdate({
          target: [gameSeasonPlayers.seasonId, gameSeasonPlayers.userId, gameSeasonPlayers.currency],
          set: { tier: sql`excluded.tier` },
        });

  const published = publishSeasonCurrency({
    seasonId: season.id,
    currency,
    commitment: drawCommitment(
      drawTerms(season.id, currency, DEFAULT_PRIZE_POOL_CONFIG.drawPrizes),
      season.drawSeed,
    ),
    seed: season.drawSeed,
    pool,
    ladder: DEFAULT_LADDER_CONFIG,
    prizePool: DEFAULT_PRIZE_POOL_CONFIG,
    standings,
    holdings,
    settlement,
  });
  await tx
    .insert(gameSeasonResults)
    .values({
      seasonId: season.id,
      currency,
      pool,
      paid,
      carryOut: settlement.carryOut,
      published,
      settledAtMs: nowMs,
    })
    .onConflictDoNothing();
  return {
    summary: { currency, pool, paid, carryOut: settlement.carryOut, players: standings.length },
    published,
  };
}

/** Settles one season if its end has passed and it is not settled yet; null when there was nothing to do. */
export async function settleSeasonById(
  db: Database,
  seasonId: string,
  nowMs: number,
): Promise<SeasonSettleSummary | null> {
  return db.transaction(async (tx) => {
    await queryRows(tx, SETTLE_LOCK);
    const [season] = await tx.select().from(gameSeasons).where(eq(gameSeasons.id, seasonId)).for('update');
    if (!season || season.settledAtMs !== null || season.endsAtMs > nowMs) return null;
    const next = await ensureOpenSeason(tx, season.endsAtMs);
    const currencies: SeasonSettleSummary['currencies'] = [];
    for (const currency of GAME_CURRENCIES) {
      const { summary } = await settleCurrency(tx, season, currency, next?.id ?? null, nowMs);
      currencies.push(summary);
    }
    await tx.update(gameSeasons).set({ settledAtMs: nowMs }).where(eq(gameSeasons.id, season.id));
    return { seasonId: season.id, settledAtMs: nowMs, currencies };
  });
}

/** Settles every season whose end has passed, oldest first (the `game-seasons` singleton's pass). */
export async function settleDueSeasons(db: Database, nowMs: number): Promise<SeasonSettleSummary[]> {
  const due = await db
    .select({ id: gameSeasons.id })
    .from(gameSeasons)
    .where(and(isNull(gameSeasons.settledAtMs), lte(gameSeasons.endsAtMs, nowMs)))
    .orderBy(asc(gameSeasons.endsAtMs));
  const settled: SeasonSettleSummary[] = [];
  for (const { id } of due) {
    const summary = await settleSeasonById(db, id, nowMs);
    if (summary) settled.push(summary);
  }
  return settled;
}

/** GET /seasons/{id}/verify: the published settlement (both currencies), once the season is settled. */
export async function publishedSeason(
  db: Database,
  season: typeof gameSeasons.$inferSelect,
): Promise<PublishedSeason | null> {
  if (season.settledAtMs === null) return null;
  const rows = await db
    .select()
    .from(gameSeasonResults)
    .where(eq(gameSeasonResults.seasonId, season.id))
    .orderBy(asc(gameSeasonResults.currency));
  return {
    format: SEASON_PUBLICATION_FORMAT,
    seasonId: season.id,
    endsAtMs: season.endsAtMs,
    settledAtMs: season.settledAtMs,
    currencies: rows.map((row) => row.published as PublishedSeasonCurrency),
  };
}
