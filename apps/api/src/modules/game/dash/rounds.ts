import type { Database, Transaction } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { type GameBetRow, gameBets, gameRounds } from '@ojo/db/schema/game';
import { and, desc, eq, gte, lt, sql } from '@ojo/db/sql';
import type { GameCurrency } from '@ojo/domain/game/amount';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { DASH_GAME } from '@ojo/domain/game/dash/rules';

/**
 * Reading and writing rounds and bets (the module's store). A round row holds the domain's `DashRound` document as
 * it is; the bets live in their own table and the pools are their sums (`poolsOf`), written into the document when
 * betting closes, so a bet never waits on the round row.
 */
type Executor = Database | Transaction;

/**
 * The rounds table holds every game's rounds (its `game` column): each query here reads and writes Dash's only, so
 * another game's rows never reach the race.
 */
const isDash = eq(gameRounds.game, DASH_GAME);

export interface StoredRound {
  id: string;
  phase: string;
  state: DashRound;
  seed: string | null;
  seedRevealed: boolean;
  settled: boolean;
}

function toStored(row: typeof gameRounds.$inferSelect): StoredRound {
  return {
    id: row.id,
    phase: row.phase,
    state: row.state as DashRound,
    seed: row.seed,
    seedRevealed: row.seedRevealedAt !== null,
    settled: row.settledAt !== null,
  };
}

export async function findRound(db: Executor, id: string): Promise<StoredRound | undefined> {
  const [row] = await db
    .select()
    .from(gameRounds)
    .where(and(isDash, eq(gameRounds.id, id)));
  return row ? toStored(row) : undefined;
}

/**
 * A round locked for its change (`FOR UPDATE`, until the transaction ends): closing its betting and settling it take
 * it so, and bets wait on them (they read it `FOR SHARE`).
 */
export async function lockRound(tx: Transaction, id: string): Promise<StoredRound | undefined> {
  const [row] = await tx
    .select()
    .from(gameRounds)
    .where(and(isDash, eq(gameRounds.id, id)))
    .for('update');
  return row ? toStored(row) : undefined;
}

/** The ids of the rounds settled at or after `sinceMs` (by their `settled_at`). */
export async function roundsSettledSince(db: Executor, sinceMs: number): Promise<string[]> {
  const rows = await db
    .select({ id: gameRounds.id })
    .from(gameRounds)
    .where(and(isDash, gte(gameRounds.settledAt, new Date(sinceMs))));
  return rows.map((row) => row.id);
}

/** The rounds still in play (not finished), oldest first. */
export async function activeRounds(db: Executor): Promise<StoredRound[]> {
  const rows = await db
    .select()
    .from(gameRounds)
    .where(and(isDash, sql`${gameRounds.phase} <> 'finished'`))
    .orderBy(gameRounds.opensAtMs);
  return rows.map(toStored);
}

/** The round on screen (betting, racing, settling or results) and the next one announced, by opening time. */
export async function screenRounds(
  db: Executor,
): Promise<{ current: StoredRound | null; next: StoredRound | null }> {
  const rounds = await activeRounds(db);
  const current = rounds.find((round) => round.phase !== 'upcoming') ?? null;
  const next = rounds.find((round) => round.phase === 'upcoming') ?? null;
  return { current, next };
}

export async function lastFinishedRound(db: Executor): Promise<StoredRound | undefined> {
  const [row] = await db
    .select()
    .from(gameRounds)
    .where(and(isDash, sql`${gameRounds.settledAt} is not null`))
    .orderBy(desc(gameRounds.opensAtMs))
    .limit(1);
  return row ? toStored(row) : undefined;
}

/** Settled rounds, newest first (the history list). */
export async function settledRounds(
  db: Executor,
  options: { limit: number; beforeMs?: number | undefined },
): Promise<StoredRound[]> {
  const rows = await db
    .select()
    .from(gameRounds)
    .where(
      and(
        isDash,
        sql`${gameRounds.settledAt} is not null`,
        options.beforeMs !== undefined ? lt(gameRounds.opensAtMs, options.beforeMs) : undefined,
      ),
    )
    .orderBy(desc(gameRounds.opensAtMs))
    .limit(options.limit);
  return rows.map(toStored);
}

export async function saveRoundState(
  db: Executor,
  id: string,
  state: DashRound,
  extra: { revealSeed?: boolean; settled?: boolean } = {},
): Promise<void> {
  await db
    .update(gameRounds)
    .set({
      state,
      phase: state.phase,
      updatedAt: new Date(),
      ...(extra.revealSeed ? { seedRevealedAt: new Date() } : {}),
      ...(extra.settled ? { settledAt: new Date() } : {}),
    })
    .where(and(isDash, eq(gameRounds.id, id)));
}

interface PoolRow {
  currency: GameCurrency;
  track: string;
  bets: number;
  stakes: string;
}

/** The pools of a round from its active bets: per currency, the count, the total and the total per track. */
export async function poolsOf(db: Executor, round: DashRound): Promise<DashRound['pools']> {
  const rows = await queryRows<PoolRow>(
    db,
    sql`select currency, track, count(*)::int as bets, sum(amount)::text as stakes
        from ${gameBets} where round_id = ${round.terms.roundId} and status = 'active'
        group by currency, track`,
  );
  const pool = () => ({
    bets: 0,
    stakes: 0n,
    byTrack: Object.fromEntries(round.terms.tracks.map((track) => [track, 0n])) as Record<string, bigint>,
  });
  const sums = { OJO: pool(), POINT: pool() };
  for (const row of rows) {
    const target = sums[row.currency];
    if (!target || !(row.track in target.byTrack)) continue;
    target.bets += row.bets;
    target.stakes += BigInt(row.stakes);
    target.byTrack[row.track] = target.byTrack[row.track]! + BigInt(row.stakes);
  }
  const out = (currency: GameCurrency) => ({
    bets: sums[currency].bets,
    stakes: sums[currency].stakes.toString(),
    byTrack: Object.fromEntries(
      Object.entries(sums[currency].byTrack).map(([track, value]) => [track, value.toString()]),
    ),
  });
  return { OJO: out('OJO'), POINT: out('POINT') };
}

/** The session player's bets in a round (withdrawn ones too), oldest first. */
export async function betsOfPlayer(db: Executor, roundId: string, userId: string): Promise<GameBetRow[]> {
  return db
    .select()
    .from(gameBets)
    .where(and(eq(gameBets.roundId, roundId), eq(gameBets.userId, userId)))
    .orderBy(gameBets.placedAtMs, gameBets.id)
    .limit(100);
}

/**
 * What a bet received from its settled round, recomputed from the round's outcome (the settlement rule of
 * packages/domain settle.ts: a winning bet's share of the distributable amount, rounded down; a void round refunds
 * every bet): null before settlement and for a withdrawn bet. Settlement writes no row per bet, so a round of
 * 100,000 bets settles with a few thousand ledger entries.
 */
export function returnedOf(
  state: DashRound | null | undefined,
  bet: { currency: string; track: string; amount: bigint; status: string },
): bigint | null {
  const outcome = state?.outcome;
  if (!outcome || bet.status !== 'active') return null;
  if (outcome.kind === 'void') return bet.amount;
  if (!outcome.winners.includes(bet.track)) return 0n;
  const books = outcome.currencies[bet.currency as GameCurrency];
  const winning = BigInt(books.winningStakes);
  return winning > 0n ? (BigInt(books.distributable) * bet.amount) / winning : 0n;
}

/** A bet as the contract's `myBet` (`state`: its round, for what the bet received once settled). */
export function toMyBet(row: GameBetRow, state?: DashRound | null) {
  const returned = row.returned ?? returnedOf(state, row);
  return {
    betId: row.id,
    roundId: row.roundId,
    currency: row.currency as GameCurrency,
    track: row.track,
    amount: row.amount.toString(),
    revision: row.revision,
    placedAtMs: row.placedAtMs,
    status: row.status as 'active' | 'withdrawn',
    returned: returned === null ? null : returned.toString(),
  };
}
