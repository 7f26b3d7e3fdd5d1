import type { Database, Transaction } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { creditMany, type LedgerMove } from '@ojo/db/ledger';
import { gameBets, gamePrizePoolEntries, gameRounds } from '@ojo/db/schema/game';
import { jobs } from '@ojo/db/schema/jobs';
import { eq, sql } from '@ojo/db/sql';
import type { GameCurrency } from '@ojo/domain/game/amount';
import { advance, type DashRound } from '@ojo/domain/game/dash/round';
import type { DashBet } from '@ojo/domain/game/dash/settle';
import { countReferralsAfterRound } from '../../rewards/real-activity';
import { recordSeasonPlay, type SeasonPlay } from '../seasons/record-season-play';
import { lockRound } from './rounds';

/**
 * Settles a round whose race is over (or that was voided): the domain's `settle` event decides every payout or
 * refund, the prize-pool fee and remainder and the carry; this carries them out in ONE transaction with the round's
 * new state, so a crash leaves either nothing or everything. A player's payouts (or refunds) of the round in a
 * currency are one ledger credit with the key `dash:<round>:payout:<player>:<currency>` (`:refund:`), a bet's own
 * amount follows from the outcome (rounds.ts returnedOf), each prize-pool entry has its own key, and the round row is locked and
 * checked first: running settlement twice (two nodes, a retry after a crash) pays once.
 */
export const PLAY_GAME_TASK_ID = 411004;
/** The tasks module's job that completes a do-task task for a player (task 411004: play a game). */
export const COMPLETE_DO_TASK_JOB = 'tasks.complete-do-task';
/** The key of a player's play-task job for a round: `play-game:<round>:<player>` (drive-rounds.ts reads it back). */
export const PLAY_GAME_JOB_KEY_PREFIX = 'play-game:';

export interface SettleResult {
  state: DashRound;
  transfers: {
    betId: string;
    playerId: string;
    currency: GameCurrency;
    amount: bigint;
    kind: 'payout' | 'refund';
  }[];
}

/** Separators of the packed bet list below: control characters no bet id, player id, currency or track holds. */
const FIELD = '\u001f';
const RECORD = '\u001e';

/**
 * The round's active bets in the order the domain settles them (placed_at_ms, then id by code point, which is the
 * database's order under its C.UTF-8 collation). A round of 100,000 bets comes back packed into one text value,
 * unsorted, and is sorted here: one row to decode instead of 100,000, and PostgreSQL's ordered aggregate of 100,000
 * rows took three times the plain one (measured). A bet whose fields do not unpack cleanly sends the read back to
 * rows.
 */
async function activeBetsOf(tx: Transaction, roundId: string): Promise<DashBet[]> {
  const [packed] = await queryRows<{ bets: string | null }>(
    tx,
    sql`select string_agg(id || ${FIELD} || user_id::text || ${FIELD} || currency || ${FIELD} || track || ${FIELD}
          || amount::text || ${FIELD} || placed_at_ms::text, ${RECORD}) as bets
        from ${gameBets} where round_id = ${roundId} and status = 'active'`,
  );
  if (!packed?.bets) return [];
  const records = packed.bets.split(RECORD);
  const placed: { bet: DashBet; atMs: number }[] = new Array(records.length);
  for (let i = 0; i < records.length; i += 1) {
    const fields = records[i]!.split(FIELD);
    if (fields.length !== 6) return activeBetRows(tx, roundId);
    placed[i] = {
      bet: {
        betId: fields[0]!,
        playerId: fields[1]!,
        currency: fields[2] as GameCurrency,
        track: fields[3]!,
        amount: BigInt(fields[4]!),
      },
      atMs: Number(fields[5]),
    };
  }
  placed.sort(
    (a, b) => a.atMs - b.atMs || (a.bet.betId < b.bet.betId ? -1 : a.bet.betId > b.bet.betId ? 1 : 0),
  );
  return placed.map((entry) => entry.bet);
}

async function activeBetRows(tx: Transaction, roundId: string): Promise<DashBet[]> {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    currency: GameCurrency;
    track: string;
    amount: string;
  }>(
    tx,
    sql`select id, user_id, currency, track, amount::text as amount from ${gameBets}
        where round_id = ${roundId} and status = 'active' order by placed_at_ms, id`,
  );
  return rows.map((bet) => ({
    betId: bet.id,
    playerId: bet.user_id,
    currency: bet.currency,
    track: bet.track,
    amount: BigInt(bet.amount),
  }));
}

export async function settleRound(
  db: Database,
  roundId: string,
  nowMs: number,
): Promise<SettleResult | null> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, roundId);
    if (!row || row.settled) return null;
    const state = row.state;
    if (state.phase !== 'settling') return null;
    const bets = await activeBetsOf(tx, roundId);
    const result = advance(state, { type: 'settle', bets }, nowMs);
    if (result.refusal) throw new Error(`round ${roundId} did not settle: ${result.refusal.message}`);
    const transfers: SettleResult['transfers'] = [];
    // One ledger entry per player, currency and kind for the round (the per-bet amounts are kept on the bets): a
    // round of 100,000 bets moves a few thousand balances, not 100,000 times.
    const perPlayer = new Map<string, LedgerMove>();
    // Keyed by kind and currency, then player: the ledger key is built once per player, not once per bet.
    const groups: Record<'payout' | 'refund', Record<GameCurrency, Map<string, LedgerMove>>> = {
      payout: { OJO: new Map(), POINT: new Map() },
      refund: { OJO: new Map(), POINT: new Map() },
    };
    const pool: { currency: GameCurrency; amount: bigint; source: string; key: string }[] = [];
    for (const effect of result.effects) {
      if (effect.type === 'payout' || effect.type === 'refund') {
        transfers.push({
          betId: effect.betId,
          playerId: effect.playerId,
          currency: effect.currency,
          amount: effect.amount,
          kind: effect.type,
        });
        const byPlayer = groups[effect.type][effect.currency];
        const move = byPlayer.get(effect.playerId);
        if (move) move.amount += effect.amount;
        else {
          const key = `dash:${roundId}:${effect.type}:${effect.playerId}:${effect.currency}`;
          const created: LedgerMove = {
            userId: effect.playerId,
            asset: effect.currency,
            amount: effect.amount,
            reason: `game.dash.${effect.type}`,
            idempotencyKey: key,
          };
          byPlayer.set(effect.playerId, created);
          perPlayer.set(key, created);
        }
      } else if (effect.type === 'prize_pool') {
        pool.push({
          currency: effect.currency,
          amount: effect.amount,
          source: effect.source,
          key: effect.key,
        });
      }
    }
    const moves = [...perPlayer.values()];
    moves.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    await creditMany(tx, moves);
    if (pool.length > 0)
      await tx
        .insert(gamePrizePoolEntries)
        .values(pool.map((entry) => ({ ...entry, roundId, idempotencyKey: entry.key })))
        .onConflictDoNothing({ target: gamePrizePoolEntries.idempotencyKey });
    if (result.state.outcome?.kind === 'settled') {
      await recordSeasonPlay(tx, seasonPlaysOf(bets, transfers), nowMs);
      // Their bets stood in a closed round: half of a referee's real activity (the other half is a check-in).
      await countReferralsAfterRound(tx, [...new Set(bets.map((bet) => bet.playerId))]);
    }
    await enqueuePlayTasks(tx, roundId, bets);
    await tx
      .update(gameRounds)
      .set({
        state: result.state,
        phase: result.state.phase,
        // The state's settledAtMs, the driver's clock (it finds the rounds whose play-task rewards to announce by it).
        settledAt: new Date(nowMs),
        seedRevealedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(gameRounds.id, roundId));
    return { state: result.state, transfers };
  });
}

/** What the round adds to each player's season in each currency: stakes (tickets follow), result and bets. */
function seasonPlaysOf(bets: readonly DashBet[], transfers: SettleResult['transfers']): SeasonPlay[] {
  // One map per currency keyed by player (no key string per bet).
  const totals: Record<GameCurrency, Map<string, SeasonPlay>> = { OJO: new Map(), POINT: new Map() };
  const entry = (userId: string, currency: GameCurrency) => {
    const byPlayer = totals[currency];
    let value = byPlayer.get(userId);
    if (!value) {
      value = { userId, currency, staked: 0n, result: 0n, bets: 0 };
      byPlayer.set(userId, value);
    }
    return value;
  };
  for (const bet of bets) {
    const value = entry(bet.playerId, bet.currency);
    value.staked += bet.amount;
    value.result -= bet.amount;
    value.bets += 1;
  }
  for (const transfer of transfers) entry(transfer.playerId, transfer.currency).result += transfer.amount;
  return [...totals.OJO.values(), ...totals.POINT.values()];
}

/** Playing a round completes task 411004 (the tasks module's job does it; one job per player and round). */
async function enqueuePlayTasks(tx: Transaction, roundId: string, bets: readonly DashBet[]): Promise<void> {
  const players = [...new Set(bets.map((bet) => bet.playerId))];
  if (players.length === 0) return;
  // One statement, the player ids as one array (as the season's standings are written).
  await queryRows(
    tx,
    sql`insert into ${jobs} (kind, key, payload)
        select ${COMPLETE_DO_TASK_JOB}::text, ${`${PLAY_GAME_JOB_KEY_PREFIX}${roundId}:`}::text || player::text,
          jsonb_build_object('userId', player::text, 'taskId', ${PLAY_GAME_TASK_ID}::int)
        from unnest(${`{${players.join(',')}}`}::uuid[]) as player
        on conflict (key) do nothing`,
  );
}
