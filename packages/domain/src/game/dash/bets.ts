import { GAME_CURRENCIES, type GameCurrency } from '../amount';
import { type DashRefusal, refusal } from './refusals';
import type { CurrencyPool, DashEffect, DashRound } from './round';

/**
 * Bets during the betting phase (ARCHITECTURE.md (The coin race): "a 30 s betting phase (picks can change) ... Minimum bet 200
 * OJO. Played with OJO or with points. Several tracks per player allowed."). A bet is one stake on one track; a
 * player who picks several tracks places several bets. The stake leaves the player's balance when the bet is
 * placed (a `stake.debit` effect); changing the amount debits or refunds the difference; withdrawing a pick
 * refunds it. The API keeps the bets (with a unique bet id and a revision per change) and passes the previous
 * values in, so the round checks them against its pools.
 */
export interface BetPick {
  readonly currency: GameCurrency;
  readonly track: string;
  readonly amount: bigint;
}

export type DashBetEvent =
  | ({ readonly type: 'bet.place'; readonly betId: string; readonly playerId: string } & BetPick)
  | {
      readonly type: 'bet.change';
      readonly betId: string;
      readonly playerId: string;
      readonly currency: GameCurrency;
      /** 1 for the first change of the bet, then 2, ...: makes each change's ledger key unique. */
      readonly revision: number;
      readonly from: { readonly track: string; readonly amount: bigint };
      readonly to: { readonly track: string; readonly amount: bigint };
    }
  | ({
      readonly type: 'bet.withdraw';
      readonly betId: string;
      readonly playerId: string;
      readonly revision: number;
    } & BetPick);

const CURRENCY_WORD: Record<GameCurrency, string> = { OJO: 'OJO', POINT: 'points' };

/** Whether the round takes bets at `nowMs`, by its clock and its state; null when it does. */
export function bettingRefusal(state: DashRound, nowMs: number): DashRefusal | null {
  if (state.voided) return refusal('round_void');
  if (nowMs < state.terms.timeline.opensAtMs) return refusal('betting_not_open');
  // The clock decides, not only the phase: a bet at or after closesAtMs is late even if no tick moved the phase.
  if (nowMs >= state.terms.timeline.closesAtMs || state.phase !== 'betting') return refusal('betting_closed');
  return null;
}

/** Whether a pick fits the round's currencies, tracks and stake limits; null when it does. */
export function pickRefusal(state: DashRound, pick: BetPick): DashRefusal | null {
  const { terms } = state;
  if (!GAME_CURRENCIES.includes(pick.currency)) return refusal('unknown_currency');
  if (!terms.tracks.includes(pick.track)) return refusal('unknown_track');
  if (typeof pick.amount !== 'bigint' || pick.amount <= 0n) return refusal('invalid_amount');
  const word = CURRENCY_WORD[pick.currency];
  const min = terms.minStake[pick.currency];
  if (pick.amount < BigInt(min)) return refusal('below_minimum', `The minimum bet is ${min} ${word}.`);
  const max = terms.maxStake[pick.currency];
  if (max !== null && pick.amount > BigInt(max))
    return refusal('above_maximum', `The maximum bet is ${max} ${word}.`);
  return null;
}

function withStake(pool: CurrencyPool, track: string, delta: bigint, betsDelta: number): CurrencyPool {
  return {
    bets: pool.bets + betsDelta,
    stakes: (BigInt(pool.stakes) + delta).toString(),
    byTrack: { ...pool.byTrack, [track]: (BigInt(pool.byTrack[track]!) + delta).toString() },
  };
}

function withPool(state: DashRound, currency: GameCurrency, pool: CurrencyPool): DashRound {
  return { ...state, pools: { ...state.pools, [currency]: pool } };
}

const isId = (value: unknown): boolean =>
  typeof value === 'string' && value.length > 0 && value.length <= 128;
const isRevision = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 1;

type BetResult = { state: DashRound; effects: DashEffect[] } | { refusal: DashRefusal };

export function applyBetEvent(state: DashRound, event: DashBetEvent, nowMs: number): BetResult {
  if (!isId(event.betId) || !isId(event.playerId)) return { refusal: refusal('invalid_bet') };
  const closed = bettingRefusal(state, nowMs);
  if (closed) return { refusal: closed };
  const key = (revision: number) => `dash:${state.terms.roundId}:bet:${event.betId}:r${revision}`;
  const money = { betId: event.betId, playerId: event.playerId, currency: event.currency };
  if (event.type === 'bet.place') {
    const why = pickRefusal(state, event);
    if (why) return { refusal: why };
    const pool = withStake(state.pools[event.currency], event.track, event.amount, 1);
    return {
      state: withPool(state, event.currency, pool),
      effects: [{ type: 'stake.debit', key: key(0), ...money, amount: event.amount }],
    };
  }
  if (!isRevision(event.revision)) return { refusal: refusal('invalid_bet') };
  const from = event.type === 'bet.change' ? event.from : event;
  if (!heldByPool(state, event.currency, from)) return { refusal: refusal('bet_mismatch') };
  const removed = withStake(state.pools[event.currency], from.track, -from.amount, -1);
  if (event.type === 'bet.withdraw') {
    return {
      state: withPool(state, event.currency, removed),
      effects: [{ type: 'stake.refund', key: key(event.revision), ...money, amount: from.amount }],
    };
  }
  const why = pickRefusal(state, { currency: event.currency, ...event.to });
  if (why) return { refusal: why };
  const pool = withStake(removed, event.to.track, event.to.amount, 1);
  const difference = event.to.amount - from.amount;
  const effects: DashEffect[] =
    difference > 0n
      ? [{ type: 'stake.debit', key: key(event.revision), ...money, amount: difference }]
      : difference < 0n
        ? [{ type: 'stake.refund', key: key(event.revision), ...money, amount: -difference }]
        : [];
  return { state: withPool(state, event.currency, pool), effects };
}

/** The pools must hold the stake being moved or withdrawn, on a track of the round. */
function heldByPool(
  state: DashRound,
  currency: GameCurrency,
  stake: { readonly track: string; readonly amount: bigint },
): boolean {
  if (!GAME_CURRENCIES.includes(currency) || !state.terms.tracks.includes(stake.track)) return false;
  if (typeof stake.amount !== 'bigint' || stake.amount <= 0n) return false;
  const pool = state.pools[currency];
  return pool.bets >= 1 && BigInt(pool.byTrack[stake.track]!) >= stake.amount;
}
