import type { dashRound, myBet, roundSummary } from '@ojo/api-contract/game/dash';
import type { priceTick, ServerMessage } from '@ojo/api-contract/game/socket';
import type { PlayerRoundResult } from '@ojo/domain/game/dash/pool';
import type { z } from 'zod';

/**
 * What the race screen shows, built from the socket's messages alone (api-contract game/socket.ts): the round on
 * screen, the latest prices, the player's bets and payouts, and the finished rounds. Pure, so it is tested without
 * a socket.
 */

export type DashRoundView = z.infer<typeof dashRound>;
export type MyBet = z.infer<typeof myBet>;
export type RoundSummary = z.infer<typeof roundSummary>;
export type PriceTick = z.infer<typeof priceTick>;

export interface Payout {
  roundId: string;
  betId: string;
  kind: 'payout' | 'refund';
  currency: 'OJO' | 'POINT';
  amount: string;
}

export interface DashState {
  /** Server time minus local time, so countdowns follow the server's clock. */
  clockOffsetMs: number;
  round: DashRoundView | null;
  next: DashRoundView | null;
  prices: PriceTick | null;
  history: RoundSummary[];
  /** The player's bets in `round`, by bet id. */
  myBets: Record<string, MyBet>;
  payouts: Payout[];
  /** The round before `round`, once settled, with the player's bets in it: its result stays on screen. */
  previous: { round: DashRoundView; myBets: Record<string, MyBet> } | null;
  /** The player's results in older finished rounds, by round id (from the snapshot, then kept as rounds pass). */
  myResults: Record<string, PlayerRoundResult>;
  /** True once a snapshot arrived. */
  ready: boolean;
}

export const INITIAL_DASH_STATE: DashState = {
  clockOffsetMs: 0,
  round: null,
  next: null,
  prices: null,
  history: [],
  myBets: {},
  payouts: [],
  previous: null,
  myResults: {},
  ready: false,
};

const HISTORY_LIMIT = 50;

function summaryOf(round: DashRoundView): RoundSummary | null {
  if (!round.outcome) return null;
  return {
    roundId: round.terms.roundId,
    timeline: round.terms.timeline,
    tracks: round.terms.tracks,
    commitment: round.commitment,
    outcome: round.outcome,
  };
}

function withSummary(history: RoundSummary[], round: DashRoundView | null): RoundSummary[] {
  const summary = round ? summaryOf(round) : null;
  if (!summary || history.some((entry) => entry.roundId === summary.roundId)) return history;
  return [summary, ...history].slice(0, HISTORY_LIMIT);
}

/**
 * Places a round on screen. The next round is announced (upcoming) while the current one still runs: it waits in
 * `next`. A round that opens takes the screen, moving the finished one into the history (its result stays as
 * `previous`) and clearing the bets. A late message of the previous round updates only that one.
 */
function showRound(state: DashState, round: DashRoundView): DashState {
  const id = round.terms.roundId;
  const current = state.round;
  if (current && current.terms.roundId === id) return { ...state, round };
  if (state.previous?.round.terms.roundId === id) return { ...state, previous: { ...state.previous, round } };
  if (round.phase === 'upcoming' && current && current.phase !== 'finished') return { ...state, next: round };
  if (round.phase === 'finished' && current) return state;
  const leaving = state.previous && current?.outcome ? state.previous : null;
  const leavingResult = leaving ? resultOfBets(state, leaving.round.terms.roundId, leaving.myBets) : null;
  return {
    ...state,
    myResults:
      leaving && leavingResult
        ? { ...state.myResults, [leaving.round.terms.roundId]: leavingResult }
        : state.myResults,
    round,
    next: state.next?.terms.roundId === id ? null : state.next,
    history: withSummary(state.history, current),
    previous: current?.outcome ? { round: current, myBets: state.myBets } : state.previous,
    myBets: {},
  };
}

export function dashReducer(state: DashState, message: ServerMessage, nowMs: number): DashState {
  switch (message.type) {
    case 'snapshot':
      return {
        ...state,
        ready: true,
        clockOffsetMs: message.serverTimeMs - nowMs,
        round: message.round,
        next: message.next,
        prices: message.prices,
        history: message.history,
        myBets: Object.fromEntries(message.myBets.map((bet) => [bet.betId, bet])),
        myResults: resultsOfSnapshot(message.myResults),
      };
    case 'round':
      return { ...showRound(state, message.round), clockOffsetMs: message.serverTimeMs - nowMs };
    case 'prices':
      return state.prices && state.prices.step > message.tick.step
        ? state
        : { ...state, prices: message.tick };
    case 'pools':
      if (state.round?.terms.roundId !== message.roundId) return state;
      return { ...state, round: { ...state.round, pools: message.pools } };
    case 'result':
      if (state.round?.terms.roundId !== message.roundId) return state;
      return { ...state, round: { ...state.round, outcome: message.outcome } };
    case 'bet':
      if (state.round && state.round.terms.roundId !== message.bet.roundId) return state;
      return applyBet(state, message.bet);
    case 'balance':
      return state;
    case 'payout': {
      if (state.payouts.some((payout) => payout.betId === message.betId && payout.kind === message.kind))
        return state;
      const payout: Payout = {
        roundId: message.roundId,
        betId: message.betId,
        kind: message.kind,
        currency: message.currency,
        amount: message.amount,
      };
      const bet = state.myBets[message.betId];
      const myBets = bet
        ? { ...state.myBets, [bet.betId]: { ...bet, returned: message.amount } }
        : state.myBets;
      return { ...state, myBets, payouts: [payout, ...state.payouts].slice(0, 200) };
    }
    default:
      return state;
  }
}

/** A bet the player placed or changed (from the HTTP answer or the socket): the newest revision wins. */
export function applyBet(state: DashState, bet: MyBet): DashState {
  const known = state.myBets[bet.betId];
  if (known && known.revision > bet.revision) return state;
  if (known && known.revision === bet.revision && known.status === bet.status && known.returned !== null)
    return state;
  return { ...state, myBets: { ...state.myBets, [bet.betId]: bet } };
}

/** The player's active bets, oldest first (of the round on screen, or of the bets given). */
export function activeBets(state: DashState, bets: Record<string, MyBet> = state.myBets): MyBet[] {
  return Object.values(bets)
    .filter((bet) => bet.status === 'active')
    .sort((a, b) => a.placedAtMs - b.placedAtMs);
}

/** What the player got back from a round, per currency (payouts and refunds), in base units. */
export function returnedByCurrency(
  state: DashState,
  roundId: string,
  bets: Record<string, MyBet> = state.myBets,
): Record<'OJO' | 'POINT', bigint> {
  const total = { OJO: 0n, POINT: 0n };
  const counted = new Set<string>();
  for (const payout of state.payouts) {
    if (payout.roundId !== roundId) continue;
    counted.add(payout.betId);
    total[payout.currency] += BigInt(payout.amount);
  }
  for (const bet of Object.values(bets)) {
    if (bet.roundId !== roundId || bet.returned === null || counted.has(bet.betId)) continue;
    total[bet.currency] += BigInt(bet.returned);
  }
  return total;
}

const NO_RESULT = (): { OJO: CurrencyTotals; POINT: CurrencyTotals } => ({
  OJO: { staked: 0n, returned: 0n },
  POINT: { staked: 0n, returned: 0n },
});
type CurrencyTotals = { staked: bigint; returned: bigint };

function resultsOfSnapshot(
  results: readonly { roundId: string; currency: 'OJO' | 'POINT'; staked: string; returned: string }[],
): Record<string, PlayerRoundResult> {
  const byRound: Record<string, { OJO: CurrencyTotals; POINT: CurrencyTotals }> = {};
  for (const entry of results) {
    const result = byRound[entry.roundId] ?? NO_RESULT();
    result[entry.currency] = { staked: BigInt(entry.staked), returned: BigInt(entry.returned) };
    byRound[entry.roundId] = result;
  }
  return byRound;
}

/** What the player staked and got back per currency in a round, from their bets in it; null with no bet. */
export function resultOfBets(
  state: DashState,
  roundId: string,
  bets: Record<string, MyBet>,
): PlayerRoundResult | null {
  const active = activeBets(state, bets).filter((bet) => bet.roundId === roundId);
  if (active.length === 0) return null;
  const returned = returnedByCurrency(state, roundId, bets);
  const result = NO_RESULT();
  for (const currency of ['OJO', 'POINT'] as const) result[currency].returned = returned[currency];
  for (const bet of active) result[bet.currency].staked += BigInt(bet.amount);
  return result;
}

/** The player's result in a finished round: of the round on screen, the previous one, or an older one. */
export function myResultOf(state: DashState, roundId: string): PlayerRoundResult | null {
  if (state.round?.terms.roundId === roundId) return resultOfBets(state, roundId, state.myBets);
  if (state.previous?.round.terms.roundId === roundId)
    return resultOfBets(state, roundId, state.previous.myBets);
  return state.myResults[roundId] ?? null;
}
