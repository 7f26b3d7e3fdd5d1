import { randomUUID } from 'node:crypto';
import type { Database, Transaction } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { credit, debit, InsufficientBalanceError } from '@ojo/db/ledger';
import { preparedStatement } from '@ojo/db/prepared';
import { type GameBetRow, gameBets, gameRounds } from '@ojo/db/schema/game';
import { and, eq, sql } from '@ojo/db/sql';
import type { GameCurrency } from '@ojo/domain/game/amount';
import { bettingRefusal, pickRefusal } from '@ojo/domain/game/dash/bets';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { DASH_GAME } from '@ojo/domain/game/dash/rules';
import { gameErrors } from '../errors';
import { toMyBet } from './rounds';

/**
 * Placing, changing and withdrawing bets (ARCHITECTURE.md (The coin race): "a 30 s betting phase (picks can change)"). Each is
 * one transaction: the round row is read `FOR SHARE` (bets run side by side; the scheduler's close takes the row
 * `FOR UPDATE`, so it waits for bets in flight and every later bet sees the round closed), the domain checks the
 * bet, and the stake moves through the ledger with the key `dash:<round>:bet:<bet>:r<revision>` in the same
 * transaction as the bet row, so a bet and its debit commit together or not at all.
 */
export const betKey = (roundId: string, betId: string, revision: number) =>
  `dash:${roundId}:bet:${betId}:r${revision}`;

/** The ledger reason of a stake taken (a new bet, or a change that raised it). */
const BET_REASON = 'game.dash.bet';

async function lockRoundForBet(tx: Transaction, roundId: string, nowMs: number): Promise<DashRound> {
  const rows = await queryRows<{ state: DashRound; phase: string }>(
    tx,
    sql`select state, phase from ${gameRounds} where id = ${roundId} and game = ${DASH_GAME} for share`,
  );
  const row = rows[0];
  if (!row) throw gameErrors.roundNotFound();
  // The scheduler moves `upcoming` to `betting` on its next tick; until then the clock alone decides.
  const phase = row.phase === 'upcoming' ? 'betting' : row.phase;
  const state = { ...row.state, phase } as DashRound;
  const closed = bettingRefusal(state, nowMs);
  if (closed) throw gameErrors.refused(closed);
  return state;
}

async function takeStake(
  tx: Transaction,
  move: { userId: string; currency: GameCurrency; amount: bigint; key: string },
): Promise<void> {
  try {
    await debit(tx, {
      userId: move.userId,
      asset: move.currency,
      amount: move.amount,
      reason: BET_REASON,
      idempotencyKey: move.key,
    });
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw gameErrors.insufficientBalance();
    throw error;
  }
}

export interface PlaceBetInput {
  roundId: string;
  userId: string;
  currency: GameCurrency;
  track: string;
  amount: bigint;
  clientBetId: string;
}

/**
 * The whole of a new bet in one statement (the hot path, measured by `npm run bench:game`): the round row `FOR
 * SHARE` with its phase still taking bets; the player's earlier bet of the same clientBetId, if any; the balance row
 * of the currency `FOR UPDATE` (the lock every change of that balance waits on, taken only once the round is known
 * open, after the round row, as the scheduler's close and settlement take them); then, when the balance covers the
 * stake, the bet row and its ledger debit under the key `betKey(round, bet, 0)` (the balance follows by the ledger's
 * trigger, which refuses to go below zero). One round trip in its own transaction, so the bet and its debit commit
 * together or not at all. The answer says which of these held; anything unusual goes to the slow path below.
 */
const placeBetStatement = preparedStatement<{
  phase: string | null;
  balance: string | null;
  source: 'new' | 'existing' | null;
  id: string | null;
  round_id: string;
  user_id: string;
  client_bet_id: string;
  currency: string;
  track: string;
  amount: string;
  revision: number;
  status: string;
  placed_at_ms: string;
  returned: string | null;
  returned_kind: string | null;
}>(
  'game_place_bet',
  `with round as (
     select phase from game_rounds where id = $1 and game = 'dash' for share
   ), open as (
     select 1 from round where phase in ('upcoming', 'betting')
   ), existing as (
     select id, round_id, user_id, client_bet_id, currency, track, amount, revision, status, placed_at_ms,
       returned, returned_kind
     from game_bets
     where round_id = $1 and user_id = $2::uuid and client_bet_id = $3 and exists (select 1 from open)
   ), balance as (
     select b.balance from ledger_balances b
     where b.user_id = $2::uuid and b.asset = $4::ledger_asset
       and exists (select 1 from open) and not exists (select 1 from existing)
     for update of b
   ), bet as (
     insert into game_bets (id, round_id, user_id, client_bet_id, currency, track, amount, placed_at_ms)
     select $5, $1, $2::uuid, $3, $4, $6, $7::numeric, $8::bigint
     where (select balance from balance) >= $7::numeric
     on conflict (round_id, user_id, client_bet_id) do nothing
     returning id, round_id, user_id, client_bet_id, currency, track, amount, revision, status, placed_at_ms,
       returned, returned_kind
   ), entry as (
     insert into ledger_entries (user_id, asset, amount, reason, idempotency_key)
     select user_id, $4::ledger_asset, -amount, $9::text, $10::text from bet
   )
   select r.phase, (select balance::text from balance) as balance, x.source, x.id, x.round_id,
     x.user_id::text as user_id, x.client_bet_id, x.currency, x.track, x.amount::text as amount, x.revision,
     x.status, x.placed_at_ms::text as placed_at_ms, x.returned::text as returned, x.returned_kind
   from (select 1) as one
   left join round r on true
   left join (
     select 'new' as source, * from bet union all select 'existing' as source, * from existing
   ) x on true`,
);

/**
 * Terms of the rounds bets were placed in lately, per database (a round's id is its opening time, so two databases
 * of one process, as tests open, may each have a round of that id): they never change once a round is announced.
 */
const recentTermsOf = new WeakMap<Database, Map<string, DashRound['terms']>>();

async function termsOf(db: Database, roundId: string): Promise<DashRound['terms'] | null> {
  let recentTerms = recentTermsOf.get(db);
  if (!recentTerms) {
    recentTerms = new Map();
    recentTermsOf.set(db, recentTerms);
  }
  const known = recentTerms.get(roundId);
  if (known) return known;
  const [row] = await db
    .select({ state: gameRounds.state })
    .from(gameRounds)
    .where(and(eq(gameRounds.id, roundId), eq(gameRounds.game, DASH_GAME)));
  if (!row) return null;
  const terms = (row.state as DashRound).terms;
  if (recentTerms.size >= 8) recentTerms.delete(recentTerms.keys().next().value!);
  recentTerms.set(roundId, terms);
  return terms;
}

/** POST /games/battle/{id}/bets. The same clientBetId places one bet, however often it is sent. */
export async function placeBet(
  db: Database,
  input: PlaceBetInput,
  nowMs: number,
): Promise<{ bet: ReturnType<typeof toMyBet>; isNew: boolean }> {
  const terms = await termsOf(db, input.roundId);
  // The fast path when the round's clock and terms take the pick (the phase is checked in the statement): the
  // same checks as the slow path, which answers every refusal with its exact reason.
  const assumed = terms && ({ terms, phase: 'betting', voided: null } as unknown as DashRound);
  if (assumed && !bettingRefusal(assumed, nowMs) && !pickRefusal(assumed, input)) {
    const betId = randomUUID();
    const [row] = await placeBetStatement(db, [
      input.roundId,
      input.userId,
      input.clientBetId,
      input.currency,
      betId,
      input.track,
      input.amount.toString(),
      nowMs,
      BET_REASON,
      betKey(input.roundId, betId, 0),
    ]);
    if (row?.source) {
      const bet: GameBetRow = {
        id: row.id!,
        roundId: row.round_id,
        userId: row.user_id,
        clientBetId: row.client_bet_id,
        currency: row.currency,
        track: row.track,
        amount: BigInt(row.amount),
        revision: row.revision,
        status: row.status,
        placedAtMs: Number(row.placed_at_ms),
        returned: row.returned === null ? null : BigInt(row.returned),
        returnedKind: row.returned_kind,
      };
      return { bet: toMyBet(bet), isNew: row.source === 'new' };
    }
    const open = row?.phase === 'upcoming' || row?.phase === 'betting';
    if (open && BigInt(row?.balance ?? '0') < input.amount) throw gameErrors.insufficientBalance();
    // Otherwise: the round closed or vanished meanwhile, or the same clientBetId raced in: the slow path says.
  }
  return placeBetInTransaction(db, input, nowMs);
}

/** The same bet step by step in one transaction (and every refusal with its reason). */
async function placeBetInTransaction(
  db: Database,
  input: PlaceBetInput,
  nowMs: number,
): Promise<{ bet: ReturnType<typeof toMyBet>; isNew: boolean }> {
  const result = await db.transaction(async (tx) => {
    const state = await lockRoundForBet(tx, input.roundId, nowMs);
    const why = pickRefusal(state, input);
    if (why) throw gameErrors.refused(why);
    const [inserted] = await tx
      .insert(gameBets)
      .values({
        id: randomUUID(),
        roundId: input.roundId,
        userId: input.userId,
        clientBetId: input.clientBetId,
        currency: input.currency,
        track: input.track,
        amount: input.amount,
        placedAtMs: nowMs,
      })
      .onConflictDoNothing({ target: [gameBets.roundId, gameBets.userId, gameBets.clientBetId] })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(gameBets)
        .where(
          and(
            eq(gameBets.roundId, input.roundId),
            eq(gameBets.userId, input.userId),
            eq(gameBets.clientBetId, input.clientBetId),
          ),
        );
      if (!existing) throw gameErrors.betNotFound();
      return { row: existing, isNew: false };
    }
    await takeStake(tx, {
      userId: input.userId,
      currency: input.currency,
      amount: input.amount,
      key: betKey(input.roundId, inserted.id, 0),
    });
    return { row: inserted, isNew: true };
  });
  return { bet: toMyBet(result.row), isNew: result.isNew };
}

async function lockBet(tx: Transaction, roundId: string, betId: string, userId: string): Promise<GameBetRow> {
  const [row] = await tx
    .select()
    .from(gameBets)
    .where(and(eq(gameBets.id, betId), eq(gameBets.roundId, roundId), eq(gameBets.userId, userId)))
    .for('update');
  if (!row) throw gameErrors.betNotFound();
  return row;
}

/** PUT /games/battle/{id}/bets/{betId}: a new track or amount; the difference is taken or given back. */
export async function changeBet(
  db: Database,
  input: { roundId: string; betId: string; userId: string; track: string; amount: bigint; revision: number },
  nowMs: number,
) {
  const row = await db.transaction(async (tx) => {
    const state = await lockRoundForBet(tx, input.roundId, nowMs);
    const bet = await lockBet(tx, input.roundId, input.betId, input.userId);
    if (bet.status !== 'active') throw gameErrors.betWithdrawn();
    if (input.revision !== bet.revision + 1) throw gameErrors.staleRevision();
    const currency = bet.currency as GameCurrency;
    const why = pickRefusal(state, { currency, track: input.track, amount: input.amount });
    if (why) throw gameErrors.refused(why);
    const difference = input.amount - bet.amount;
    const key = betKey(input.roundId, bet.id, input.revision);
    if (difference > 0n) await takeStake(tx, { userId: input.userId, currency, amount: difference, key });
    else if (difference < 0n)
      await credit(tx, {
        userId: input.userId,
        asset: currency,
        amount: -difference,
        reason: 'game.dash.bet.change',
        idempotencyKey: key,
      });
    const [updated] = await tx
      .update(gameBets)
      .set({ track: input.track, amount: input.amount, revision: input.revision, placedAtMs: nowMs })
      .where(eq(gameBets.id, bet.id))
      .returning();
    return updated!;
  });
  return toMyBet(row);
}

/** DELETE /games/battle/{id}/bets/{betId}: withdraws a pick during betting, refunded in full. */
export async function withdrawBet(
  db: Database,
  input: { roundId: string; betId: string; userId: string },
  nowMs: number,
) {
  const row = await db.transaction(async (tx) => {
    await lockRoundForBet(tx, input.roundId, nowMs);
    const bet = await lockBet(tx, input.roundId, input.betId, input.userId);
    if (bet.status !== 'active') return bet;
    const revision = bet.revision + 1;
    await credit(tx, {
      userId: input.userId,
      asset: bet.currency as GameCurrency,
      amount: bet.amount,
      reason: 'game.dash.bet.withdraw',
      idempotencyKey: betKey(input.roundId, bet.id, revision),
    });
    const [updated] = await tx
      .update(gameBets)
      .set({ status: 'withdrawn', revision })
      .where(eq(gameBets.id, bet.id))
      .returning();
    return updated!;
  });
  return toMyBet(row);
}
