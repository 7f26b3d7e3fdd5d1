import { type BaseUnits, GAME_CURRENCIES, type GameCurrency } from '../amount';
import type { PriceSnapshot } from '../market/price';
import { changeRatio, compareRatios, type Ratio } from '../ratio';
import { DASH_WINNER_COUNT } from './rules';

/**
 * Settlement of a Dash round (ARCHITECTURE.md (The coin race)), integer arithmetic throughout. RULES.md states each rule:
 *
 * - Winners: the 2 tracks with the highest % change from the start snapshot to the end snapshot, compared as
 *   exact fractions of the integer prices. Tie rule: on an equal change the lower lane ranks first.
 * - Per currency: fee = floor(new stakes x feeBps / 10000) feeds that currency's prize pool; the distributable
 *   amount (stakes + carry-in - fee) is shared by the bets on the winning tracks in proportion to their stakes,
 *   each payout rounded down; the remainder (less than one unit per winning bet) also feeds the prize pool.
 * - No winning bet in a currency: the distributable amount is carried to the next round's pool of that currency.
 * - Stale feed or cancelled round: every bet is refunded in full, no fee is taken, and the carry-in passes on.
 *
 * So for every currency: payouts + fee + remainder + carry-out = stakes + carry-in, exactly.
 */

/** A bet as settlement sees it: one stake on one track. */
export interface DashBet {
  readonly betId: string;
  readonly playerId: string;
  readonly currency: GameCurrency;
  readonly track: string;
  readonly amount: bigint;
}

/** Money going back to a player: a winning bet's payout, or a refund. */
export interface DashPayout {
  readonly betId: string;
  readonly playerId: string;
  readonly currency: GameCurrency;
  readonly amount: bigint;
}

export interface TrackResult {
  readonly symbol: string;
  /** 1 to 5. */
  readonly lane: number;
  /** 1 to 5 by % change (tie rule applied); places 1 and 2 win. */
  readonly place: number;
  readonly startPrice: BaseUnits;
  readonly endPrice: BaseUnits;
  /** The exact change (end - start) / start: numerator (signed) and denominator. */
  readonly changeNum: string;
  readonly changeDen: BaseUnits;
}

/** One currency's books for a round (amounts in base units). */
export interface CurrencySettlement {
  readonly bets: number;
  readonly stakes: BaseUnits;
  readonly carryIn: BaseUnits;
  readonly fee: BaseUnits;
  readonly distributable: BaseUnits;
  readonly winningBets: number;
  readonly winningStakes: BaseUnits;
  readonly paidOut: BaseUnits;
  readonly remainder: BaseUnits;
  readonly carryOut: BaseUnits;
}

export interface DashSettlementSummary {
  readonly kind: 'settled';
  /** The winning symbols, first place first. */
  readonly winners: readonly string[];
  /** The tracks in lane order. */
  readonly tracks: readonly TrackResult[];
  readonly currencies: Readonly<Record<GameCurrency, CurrencySettlement>>;
}

export type VoidReason = 'feed_stale' | 'cancelled';

/** One currency's books for a void round: every bet refunded, the carry-in passed on. */
export interface CurrencyRefund {
  readonly bets: number;
  readonly refunded: BaseUnits;
  readonly carryIn: BaseUnits;
  readonly carryOut: BaseUnits;
}

export interface DashVoidSummary {
  readonly kind: 'void';
  readonly reason: VoidReason;
  readonly currencies: Readonly<Record<GameCurrency, CurrencyRefund>>;
}

export type DashOutcomeSummary = DashSettlementSummary | DashVoidSummary;

export interface DashSettlement extends DashSettlementSummary {
  /** One payout per winning bet with an amount above 0, in the order of the bets. */
  readonly payouts: readonly DashPayout[];
}

export interface DashVoidSettlement extends DashVoidSummary {
  /** One refund per bet, in the order of the bets. */
  readonly refunds: readonly DashPayout[];
}

export interface SettleInput {
  readonly tracks: readonly string[];
  readonly feeBps: number;
  readonly carryIn: Readonly<Record<GameCurrency, bigint>>;
  readonly start: PriceSnapshot;
  readonly end: PriceSnapshot;
  readonly bets: readonly DashBet[];
}

function pricesOf(snapshot: PriceSnapshot, tracks: readonly string[]): bigint[] {
  if (snapshot.quotes.length !== tracks.length) throw new RangeError('a snapshot prices every track once');
  return tracks.map((symbol, lane) => {
    const quote = snapshot.quotes[lane]!;
    if (quote.symbol !== symbol) throw new RangeError('snapshot quotes must follow the lane order');
    const price = BigInt(quote.price);
    if (price <= 0n) throw new RangeError(`${symbol}: a price must be above 0`);
    return price;
  });
}

/** Ranks the tracks by % change (highest first; equal changes: lower lane first) and returns them in lane order. */
export function rankTracks(
  tracks: readonly string[],
  start: PriceSnapshot,
  end: PriceSnapshot,
): TrackResult[] {
  const starts = pricesOf(start, tracks);
  const ends = pricesOf(end, tracks);
  const changes: Ratio[] = tracks.map((_, lane) => changeRatio(starts[lane]!, ends[lane]!));
  const order = tracks
    .map((_, lane) => lane)
    .sort((a, b) => compareRatios(changes[b]!, changes[a]!) || a - b);
  const places = new Map(order.map((lane, i) => [lane, i + 1]));
  return tracks.map((symbol, lane) => ({
    symbol,
    lane: lane + 1,
    place: places.get(lane)!,
    startPrice: starts[lane]!.toString(),
    endPrice: ends[lane]!.toString(),
    changeNum: changes[lane]!.num.toString(),
    changeDen: changes[lane]!.den.toString(),
  }));
}

function checkBet(bet: DashBet, trackSet: ReadonlySet<string>): void {
  if (!trackSet.has(bet.track)) throw new RangeError(`bet ${bet.betId} is on an unknown track`);
  if (bet.amount <= 0n) throw new RangeError(`bet ${bet.betId} has no stake`);
  if (!GAME_CURRENCIES.includes(bet.currency))
    throw new RangeError(`bet ${bet.betId} has an unknown currency`);
}

/** Settles a raced round: winners, each currency's books and every payout. */
export function settleDash(input: SettleInput): DashSettlement {
  const tracks = rankTracks(input.tracks, input.start, input.end);
  const winners = [...tracks].sort((a, b) => a.place - b.place).slice(0, DASH_WINNER_COUNT);
  const winning = new Set(winners.map((track) => track.symbol));
  const trackSet = new Set(input.tracks);
  const stakes = { OJO: 0n, POINT: 0n };
  const winningStakes = { OJO: 0n, POINT: 0n };
  const counts = { OJO: 0, POINT: 0 };
  const winningCounts = { OJO: 0, POINT: 0 };
  for (const bet of input.bets) {
    checkBet(bet, trackSet);
    stakes[bet.currency] += bet.amount;
    counts[bet.currency] += 1;
    if (winning.has(bet.track)) {
      winningStakes[bet.currency] += bet.amount;
      winningCounts[bet.currency] += 1;
    }
  }
  const fee = { OJO: 0n, POINT: 0n };
  const distributable = { OJO: 0n, POINT: 0n };
  for (const currency of GAME_CURRENCIES) {
    fee[currency] = (stakes[currency] * BigInt(input.feeBps)) / 10_000n;
    distributable[currency] = stakes[currency] + input.carryIn[currency] - fee[currency];
  }
  const payouts: DashPayout[] = [];
  const paidOut = { OJO: 0n, POINT: 0n };
  for (const bet of input.bets) {
    if (!winning.has(bet.track)) continue;
    const amount = (distributable[bet.currency] * bet.amount) / winningStakes[bet.currency];
    paidOut[bet.currency] += amount;
    if (amount > 0n)
      payouts.push({ betId: bet.betId, playerId: bet.playerId, currency: bet.currency, amount });
  }
  const books = (currency: GameCurrency): CurrencySettlement => {
    const anyWinner = winningStakes[currency] > 0n;
    return {
      bets: counts[currency],
      stakes: stakes[currency].toString(),
      carryIn: input.carryIn[currency].toString(),
      fee: fee[currency].toString(),
      distributable: distributable[currency].toString(),
      winningBets: winningCounts[currency],
      winningStakes: winningStakes[currency].toString(),
      paidOut: paidOut[currency].toString(),
      remainder: anyWinner ? (distributable[currency] - paidOut[currency]).toString() : '0',
      carryOut: anyWinner ? '0' : distributable[currency].toString(),
    };
  };
  return {
    kind: 'settled',
    winners: winners.map((track) => track.symbol),
    tracks,
    currencies: { OJO: books('OJO'), POINT: books('POINT') },
    payouts,
  };
}

/** Voids a round: refunds every bet in full, takes no fee, passes the carry-in on. */
export function refundDash(input: {
  readonly tracks: readonly string[];
  readonly carryIn: Readonly<Record<GameCurrency, bigint>>;
  readonly bets: readonly DashBet[];
  readonly reason: VoidReason;
}): DashVoidSettlement {
  const trackSet = new Set(input.tracks);
  const refunded = { OJO: 0n, POINT: 0n };
  const counts = { OJO: 0, POINT: 0 };
  const refunds: DashPayout[] = input.bets.map((bet) => {
    checkBet(bet, trackSet);
    refunded[bet.currency] += bet.amount;
    counts[bet.currency] += 1;
    return { betId: bet.betId, playerId: bet.playerId, currency: bet.currency, amount: bet.amount };
  });
  const books = (currency: GameCurrency): CurrencyRefund => ({
    bets: counts[currency],
    refunded: refunded[currency].toString(),
    carryIn: input.carryIn[currency].toString(),
    carryOut: input.carryIn[currency].toString(),
  });
  return {
    kind: 'void',
    reason: input.reason,
    currencies: { OJO: books('OJO'), POINT: books('POINT') },
    refunds,
  };
}

/** The summary kept in the round state and sent to players: everything but the list of payouts or refunds. */
export function outcomeSummary(outcome: DashSettlement | DashVoidSettlement): DashOutcomeSummary {
  if (outcome.kind === 'settled') {
    const { payouts: _payouts, ...summary } = outcome;
    return summary;
  }
  const { refunds: _refunds, ...summary } = outcome;
  return summary;
}
