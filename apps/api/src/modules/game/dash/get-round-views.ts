import type { Database } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { gameBets } from '@ojo/db/schema/game';
import { sql } from '@ojo/db/sql';
import type { GameCurrency } from '@ojo/domain/game/amount';
import { roundPools } from '@ojo/domain/game/dash/pool';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { type PublishedDashRound, publishRound } from '@ojo/domain/game/dash/verify';
import { gameErrors } from '../errors';
import { prizePools } from '../seasons/prize-pools';
import {
  betsOfPlayer,
  findRound,
  poolsOf,
  returnedOf,
  type StoredRound,
  screenRounds,
  settledRounds,
  toMyBet,
} from './rounds';

/** The reads of the race: a round's progress, the pools, the history and a settled round's published document. */

async function roundById(db: Database, id: string): Promise<StoredRound> {
  if (id === 'current') {
    const { current, next } = await screenRounds(db);
    const round = current ?? next;
    if (!round) throw gameErrors.roundNotFound();
    return round;
  }
  const round = await findRound(db, id);
  if (!round) throw gameErrors.roundNotFound();
  return round;
}

/** During betting the pools are the sums of the bets so far (the round document gets them when betting closes). */
export async function withLivePools(db: Database, state: DashRound): Promise<DashRound> {
  return state.phase === 'betting' || state.phase === 'upcoming'
    ? { ...state, pools: await poolsOf(db, state) }
    : state;
}

/** GET /games/battle/{id}/progress. */
export async function getBattleProgress(db: Database, id: string, userId: string | null, nowMs: number) {
  const round = await roundById(db, id);
  const myBets = userId
    ? (await betsOfPlayer(db, round.id, userId)).map((bet) => toMyBet(bet, round.state))
    : [];
  return { serverTimeMs: nowMs, round: await withLivePools(db, round.state), myBets };
}

async function roundPoolsView(db: Database, round: StoredRound) {
  const state = await withLivePools(db, round.state);
  return { roundId: round.id, pools: state.pools, totals: roundPools(state) };
}

/** GET /games/battle/ojoCap/pools. */
export async function getBattlePools(db: Database) {
  const { current, next } = await screenRounds(db);
  const round = current ?? next;
  return {
    prizePools: await prizePools(db),
    round: round ? await roundPoolsView(db, round) : null,
  };
}

/** A settled round as the history lists it (the call's and the socket snapshot's). */
export function roundSummaryOf(round: StoredRound) {
  return {
    roundId: round.id,
    timeline: round.state.terms.timeline,
    tracks: round.state.terms.tracks,
    commitment: round.state.commitment,
    outcome: round.state.outcome!,
  };
}

/** GET /games/battle/history. */
export async function getBattleHistory(db: Database, limit: number, beforeMs: number | undefined) {
  const rounds = await settledRounds(db, { limit, beforeMs });
  return { rounds: rounds.map(roundSummaryOf) };
}

/**
 * GET /games/battle/{id}/verify: the published round (terms, commitment, revealed seed, snapshots, every bet and
 * every payout or refund), what `verifyRound` recomputes. Only once settled: before that the seed is secret.
 */
export async function getPublishedRound(db: Database, id: string): Promise<PublishedDashRound> {
  const round = await findRound(db, id);
  if (!round) throw gameErrors.roundNotFound();
  if (!round.settled || !round.state.outcome) throw gameErrors.notSettled();
  const bets = await queryRows<{
    id: string;
    currency: GameCurrency;
    track: string;
    amount: string;
    placed_at_ms: string;
  }>(
    db,
    sql`select id, currency, track, amount::text as amount, placed_at_ms::text as placed_at_ms
        from ${gameBets} where round_id = ${id} and status = 'active' order by placed_at_ms, id`,
  );
  return publishRound({
    round: round.state,
    seed: round.seed,
    bets: bets.map((bet) => ({
      betId: bet.id,
      playerId: '',
      currency: bet.currency,
      track: bet.track,
      amount: BigInt(bet.amount),
      placedAtMs: Number(bet.placed_at_ms),
    })),
    // What each bet received (as settlement paid it, per player through the ledger); verifyRound checks it.
    transfers: bets
      .map((bet) => ({
        betId: bet.id,
        currency: bet.currency,
        amount: returnedOf(round.state, { ...bet, amount: BigInt(bet.amount), status: 'active' }) ?? 0n,
      }))
      .filter((transfer) => transfer.amount > 0n),
  });
}
