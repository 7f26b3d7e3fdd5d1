import { type BaseUnits, GAME_CURRENCIES, type GameCurrency } from '../amount';
import type { PriceSnapshot } from '../market/price';
import { applyBetEvent, type DashBetEvent } from './bets';
import { type DashRefusal, refusal } from './refusals';
import {
  type DashBet,
  type DashOutcomeSummary,
  type DashPayout,
  outcomeSummary,
  refundDash,
  settleDash,
  type VoidReason,
} from './settle';
import { snapshotProblem } from './snapshots';
import { type DashRoundTerms, dashCommitment, dashTermsProblem } from './terms';

/**
 * The life of a Dash round as a pure state machine: `advance(state, event, nowMs)` returns the next state, the
 * money and broadcast effects the caller must carry out, and a refusal when the event was not allowed. Time and
 * prices come in as arguments; nothing here reads a clock, a database or a network.
 *
 *   upcoming -> betting -> racing -> settling -> results -> finished
 *                 \__________\__________ void (stale feed, cancel) -> settling
 *
 * Every event first applies the clock, so a bet that arrives after betting closed is refused even when no tick
 * came in between. The state is plain JSON (amounts as strings): the API stores and broadcasts it as it is. Bets
 * themselves are not kept here (a round may hold 100,000); the pools are, and `settle` checks the bets it is given
 * against them, so a lost or extra bet stops settlement instead of paying wrong amounts.
 */
export const DASH_PHASES = ['upcoming', 'betting', 'racing', 'settling', 'results', 'finished'] as const;
export type DashPhase = (typeof DASH_PHASES)[number];

export interface CurrencyPool {
  readonly bets: number;
  readonly stakes: BaseUnits;
  /** Stakes per track symbol. */
  readonly byTrack: Readonly<Record<string, BaseUnits>>;
}

export interface DashVoid {
  readonly reason: VoidReason;
  readonly atMs: number;
  readonly detail: string | null;
}

export interface DashRound {
  readonly terms: DashRoundTerms;
  /** Published before betting opens (terms.ts, dashCommitment). */
  readonly commitment: string;
  readonly phase: DashPhase;
  readonly pools: Readonly<Record<GameCurrency, CurrencyPool>>;
  readonly startSnapshot: PriceSnapshot | null;
  readonly endSnapshot: PriceSnapshot | null;
  readonly voided: DashVoid | null;
  readonly outcome: DashOutcomeSummary | null;
  readonly settledAtMs: number | null;
}

export type DashEvent =
  | { readonly type: 'tick' }
  | DashBetEvent
  | { readonly type: 'snapshot'; readonly kind: 'start' | 'end'; readonly snapshot: PriceSnapshot }
  | { readonly type: 'feed.stale'; readonly detail?: string }
  | { readonly type: 'cancel'; readonly detail?: string }
  | { readonly type: 'settle'; readonly bets: readonly DashBet[] };

/** Ledger effects carry an idempotency key: carrying one out twice must be refused by the ledger. */
interface MoneyEffect {
  readonly key: string;
  readonly betId: string;
  readonly playerId: string;
  readonly currency: GameCurrency;
  readonly amount: bigint;
}

export type DashEffect =
  | { readonly type: 'phase'; readonly phase: DashPhase }
  /** Take a stake (or the raised part of one) from the player. */
  | ({ readonly type: 'stake.debit' } & MoneyEffect)
  /** Give back a withdrawn stake (or the lowered part of one) during betting. */
  | ({ readonly type: 'stake.refund' } & MoneyEffect)
  | ({ readonly type: 'payout' } & MoneyEffect)
  /** A void round's refund of a whole bet. */
  | ({ readonly type: 'refund' } & MoneyEffect)
  | {
      readonly type: 'prize_pool';
      readonly key: string;
      readonly currency: GameCurrency;
      readonly source: 'fee' | 'remainder';
      readonly amount: bigint;
    }
  | {
      readonly type: 'carry';
      readonly key: string;
      readonly currency: GameCurrency;
      readonly amount: bigint;
    };

export interface AdvanceResult {
  readonly state: DashRound;
  readonly effects: readonly DashEffect[];
  readonly refusal: DashRefusal | null;
}

function emptyPool(tracks: readonly string[]): CurrencyPool {
  return { bets: 0, stakes: '0', byTrack: Object.fromEntries(tracks.map((track) => [track, '0'])) };
}

/**
 * A new round, upcoming until its betting opens. The caller keeps `seed` secret until settlement and publishes
 * `commitment` now, before any bet can be placed.
 */
export function createDashRound(terms: DashRoundTerms, seed: string | null): DashRound {
  const problem = dashTermsProblem(terms);
  if (problem) throw new RangeError(problem);
  return {
    terms,
    commitment: dashCommitment(terms, seed),
    phase: 'upcoming',
    pools: { OJO: emptyPool(terms.tracks), POINT: emptyPool(terms.tracks) },
    startSnapshot: null,
    endSnapshot: null,
    voided: null,
    outcome: null,
    settledAtMs: null,
  };
}

/** The phase the clock alone gives a round (no snapshots, no settlement considered). */
function clockPhase(state: DashRound, nowMs: number): DashPhase {
  const { timeline } = state.terms;
  if (state.phase === 'results') return nowMs >= timeline.resultsEndAtMs ? 'finished' : 'results';
  if (state.phase === 'upcoming' || state.phase === 'betting') {
    if (nowMs >= timeline.closesAtMs) return 'racing';
    if (nowMs >= timeline.opensAtMs) return 'betting';
  }
  return state.phase;
}

function voidRound(state: DashRound, reason: VoidReason, nowMs: number, detail: string | null): DashRound {
  return { ...state, phase: 'settling', voided: { reason, atMs: nowMs, detail } };
}

/** Moves the round along the clock: phase changes and the stale-feed rule for snapshots that never came. */
function applyClock(state: DashRound, nowMs: number): { state: DashRound; effects: DashEffect[] } {
  let next = state;
  const phase = clockPhase(state, nowMs);
  if (phase !== state.phase) next = { ...next, phase };
  if (next.phase === 'racing') {
    const { timeline, snapshotDeadlineMs } = next.terms;
    const startLate = next.startSnapshot === null && nowMs >= timeline.closesAtMs + snapshotDeadlineMs;
    const endLate = next.endSnapshot === null && nowMs >= timeline.raceEndsAtMs + snapshotDeadlineMs;
    if (startLate || endLate)
      next = voidRound(
        next,
        'feed_stale',
        nowMs,
        `no ${startLate ? 'start' : 'end'} snapshot by the deadline`,
      );
  }
  return { state: next, effects: next.phase !== state.phase ? [{ type: 'phase', phase: next.phase }] : [] };
}

/** spec-level entry point: the next state of `state` after `event` at `nowMs`. */
export function advance(state: DashRound, event: DashEvent, nowMs: number): AdvanceResult {
  const clocked = applyClock(state, nowMs);
  const result = applyEvent(clocked.state, event, nowMs);
  const effects = [...clocked.effects, ...result.effects];
  if (result.state.phase !== clocked.state.phase) effects.push({ type: 'phase', phase: result.state.phase });
  return { state: result.state, effects, refusal: result.refusal };
}

type EventResult = { state: DashRound; effects: DashEffect[]; refusal: DashRefusal | null };

const accepted = (state: DashRound, effects: DashEffect[] = []): EventResult => ({
  state,
  effects,
  refusal: null,
});
const refused = (state: DashRound, why: DashRefusal): EventResult => ({ state, effects: [], refusal: why });

function applyEvent(state: DashRound, event: DashEvent, nowMs: number): EventResult {
  switch (event.type) {
    case 'tick':
      return accepted(state);
    case 'bet.place':
    case 'bet.change':
    case 'bet.withdraw': {
      const result = applyBetEvent(state, event, nowMs);
      return 'refusal' in result ? refused(state, result.refusal) : accepted(result.state, result.effects);
    }
    case 'snapshot':
      return applySnapshot(state, event.kind, event.snapshot, nowMs);
    case 'feed.stale':
      // A stale feed after the end snapshot changes nothing: the race is already decided.
      if (state.voided || state.endSnapshot || state.phase === 'results' || state.phase === 'finished')
        return accepted(state);
      return accepted(voidRound(state, 'feed_stale', nowMs, event.detail ?? null));
    case 'cancel':
      if (state.outcome) return refused(state, refusal('already_settled'));
      if (state.voided) return accepted(state);
      return accepted(voidRound(state, 'cancelled', nowMs, event.detail ?? null));
    case 'settle':
      return applySettle(state, event.bets, nowMs);
  }
}

function applySnapshot(
  state: DashRound,
  kind: 'start' | 'end',
  snapshot: PriceSnapshot,
  nowMs: number,
): EventResult {
  if (state.phase !== 'racing' || state.voided) return refused(state, refusal('snapshot_unexpected'));
  if (kind === 'start' && state.startSnapshot) return refused(state, refusal('snapshot_unexpected'));
  if (kind === 'end' && (!state.startSnapshot || nowMs < state.terms.timeline.raceEndsAtMs))
    return refused(state, refusal('snapshot_unexpected'));
  const problem = snapshotProblem(state.terms, kind, snapshot);
  if (problem) return refused(state, refusal('snapshot_invalid', problem));
  if (kind === 'start') return accepted({ ...state, startSnapshot: snapshot });
  return accepted({ ...state, endSnapshot: snapshot, phase: 'settling' });
}

/** True when `bets` add up to the round's pools exactly (count and stake per currency and track). */
function betsMatchPools(state: DashRound, bets: readonly DashBet[]): boolean {
  const tracks = new Set(state.terms.tracks);
  const seen = new Set<string>();
  const sums = { OJO: new Map<string, bigint>(), POINT: new Map<string, bigint>() };
  const counts = { OJO: 0, POINT: 0 };
  for (const bet of bets) {
    if (seen.has(bet.betId) || !GAME_CURRENCIES.includes(bet.currency) || !tracks.has(bet.track))
      return false;
    if (typeof bet.amount !== 'bigint' || bet.amount <= 0n) return false;
    seen.add(bet.betId);
    counts[bet.currency] += 1;
    const byTrack = sums[bet.currency];
    byTrack.set(bet.track, (byTrack.get(bet.track) ?? 0n) + bet.amount);
  }
  return GAME_CURRENCIES.every((currency) => {
    const pool = state.pools[currency];
    return (
      pool.bets === counts[currency] &&
      state.terms.tracks.every((track) => BigInt(pool.byTrack[track]!) === (sums[currency].get(track) ?? 0n))
    );
  });
}

function carryIn(state: DashRound): Record<GameCurrency, bigint> {
  return { OJO: BigInt(state.terms.carryIn.OJO), POINT: BigInt(state.terms.carryIn.POINT) };
}

function applySettle(state: DashRound, bets: readonly DashBet[], nowMs: number): EventResult {
  if (state.outcome) return refused(state, refusal('already_settled'));
  if (state.phase !== 'settling') return refused(state, refusal('race_not_finished'));
  if (!betsMatchPools(state, bets)) return refused(state, refusal('bets_mismatch'));
  const roundId = state.terms.roundId;
  const key = (kind: string, id: string) => `dash:${roundId}:${kind}:${id}`;
  const effects: DashEffect[] = [];
  let outcome: DashOutcomeSummary;
  if (state.voided) {
    const voided = refundDash({
      tracks: state.terms.tracks,
      carryIn: carryIn(state),
      bets,
      reason: state.voided.reason,
    });
    for (const refund of voided.refunds)
      effects.push({ type: 'refund', key: key('refund', refund.betId), ...refund });
    outcome = outcomeSummary(voided);
  } else {
    const settled = settleDash({
      tracks: state.terms.tracks,
      feeBps: state.terms.feeBps,
      carryIn: carryIn(state),
      start: state.startSnapshot!,
      end: state.endSnapshot!,
      bets,
    });
    for (const payout of settled.payouts) effects.push(payoutEffect(key('payout', payout.betId), payout));
    for (const currency of GAME_CURRENCIES) {
      const books = settled.currencies[currency];
      const fee = BigInt(books.fee);
      const remainder = BigInt(books.remainder);
      if (fee > 0n)
        effects.push({ type: 'prize_pool', key: key('fee', currency), currency, source: 'fee', amount: fee });
      if (remainder > 0n)
        effects.push({
          type: 'prize_pool',
          key: key('remainder', currency),
          currency,
          source: 'remainder',
          amount: remainder,
        });
    }
    outcome = outcomeSummary(settled);
  }
  for (const currency of GAME_CURRENCIES) {
    const amount = BigInt(outcome.currencies[currency].carryOut);
    if (amount > 0n) effects.push({ type: 'carry', key: key('carry', currency), currency, amount });
  }
  const phase: DashPhase = nowMs >= state.terms.timeline.resultsEndAtMs ? 'finished' : 'results';
  return accepted({ ...state, phase, outcome, settledAtMs: nowMs }, effects);
}

function payoutEffect(key: string, payout: DashPayout): DashEffect {
  return { type: 'payout', key, ...payout };
}
