import type { GameCurrency } from '../src/game/amount';
import {
  type AdvanceResult,
  advance,
  createDashRound,
  type DashEffect,
  type DashEvent,
  type DashRound,
} from '../src/game/dash/round';
import { type DashConfig, DEFAULT_DASH_CONFIG } from '../src/game/dash/rules';
import type { DashBet } from '../src/game/dash/settle';
import { createDashTerms, type DashRoundTerms, drawTracks } from '../src/game/dash/terms';
import { type PublishedDashRound, publishRound } from '../src/game/dash/verify';
import { coinParams, DEFAULT_MARKET_COINS } from '../src/game/market/coins';
import { stepAt } from '../src/game/market/model';
import { MarketSimulator } from '../src/game/market/simulator';

/**
 * A whole Dash round driven the way the API will drive it: a live MarketSimulator feeds the snapshots, the state
 * machine takes the bets, and the round is settled and published. Tests of round.ts and verify.ts share it.
 */
export const SEED = '5eed'.repeat(16);
export const OTHER_SEED = 'c0ffee00'.repeat(8);
/** Betting opens here (a multiple of 250 ms, as the simulator needs). */
export const OPENS_AT = 1_750_000_000_000;

export interface SimulatedRound {
  readonly terms: DashRoundTerms;
  readonly round: DashRound;
  readonly market: MarketSimulator;
  readonly seed: string;
}

export function simulatedRound(
  options: {
    seed?: string;
    opensAtMs?: number;
    config?: DashConfig;
    carryIn?: Record<GameCurrency, bigint>;
  } = {},
): SimulatedRound {
  const seed = options.seed ?? SEED;
  const opensAtMs = options.opensAtMs ?? OPENS_AT;
  const openStep = stepAt(opensAtMs);
  const market = new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep: openStep - 400 });
  // The market before this round ran on another seed (an earlier round's).
  market.addSegment({ fromStep: openStep - 399, seed: OTHER_SEED });
  const tracks = drawTracks(
    DEFAULT_MARKET_COINS.map((coin) => coin.symbol),
    seed,
  );
  const prices = market.pricesAtStep(openStep);
  market.addSegment({ fromStep: openStep + 1, seed });
  const terms = createDashTerms({
    roundId: `r-${opensAtMs}`,
    tracks,
    opensAtMs,
    config: options.config ?? DEFAULT_DASH_CONFIG,
    ...(options.carryIn ? { carryIn: options.carryIn } : {}),
    feed: {
      kind: 'simulated',
      reversionPpb: market.reversionPpb,
      coins: tracks.map((symbol) => coinParams(DEFAULT_MARKET_COINS.find((coin) => coin.symbol === symbol)!)),
      openPrices: tracks.map((symbol) => prices[symbol]!),
    },
  });
  return { terms, round: createDashRound(terms, seed), market, seed };
}

/** Applies events in order, asserting each was accepted; returns the final state and every effect. */
export function run(
  round: DashRound,
  steps: readonly (readonly [DashEvent, number])[],
): { state: DashRound; effects: DashEffect[]; results: AdvanceResult[] } {
  let state = round;
  const effects: DashEffect[] = [];
  const results: AdvanceResult[] = [];
  for (const [event, now] of steps) {
    const result = advance(state, event, now);
    if (result.refusal)
      throw new Error(`${event.type} refused: ${result.refusal.code} ${result.refusal.message}`);
    state = result.state;
    effects.push(...result.effects);
    results.push(result);
  }
  return { state, effects, results };
}

export type PlacedBet = DashBet & { placedAtMs: number };

/**
 * Places `bets` during betting, races with the market's snapshots, settles, and publishes with the payouts (or
 * refunds) the effects asked the ledger to make.
 */
export function playRound(
  simulated: SimulatedRound,
  bets: readonly DashBet[],
): { state: DashRound; effects: DashEffect[]; published: PublishedDashRound; placed: PlacedBet[] } {
  const { terms, market } = simulated;
  const { timeline } = terms;
  const placedAt = timeline.opensAtMs + 1000;
  const placed = bets.map((bet) => ({ ...bet, placedAtMs: placedAt }));
  const { state, effects } = run(simulated.round, [
    [{ type: 'tick' }, timeline.opensAtMs],
    ...bets.map((bet): [DashEvent, number] => [{ type: 'bet.place', ...bet }, placedAt]),
    [{ type: 'tick' }, timeline.closesAtMs],
    [
      { type: 'snapshot', kind: 'start', snapshot: market.snapshotAt(terms.tracks, timeline.closesAtMs) },
      timeline.closesAtMs + 40,
    ],
    [
      { type: 'snapshot', kind: 'end', snapshot: market.snapshotAt(terms.tracks, timeline.raceEndsAtMs) },
      timeline.raceEndsAtMs + 40,
    ],
    [{ type: 'settle', bets }, timeline.raceEndsAtMs + 100],
  ]);
  const transfers = effects.flatMap((effect) =>
    effect.type === 'payout' || effect.type === 'refund'
      ? [{ betId: effect.betId, currency: effect.currency, amount: effect.amount }]
      : [],
  );
  const published = publishRound({ round: state, seed: simulated.seed, bets: placed, transfers });
  return { state, effects, published, placed };
}

export function bet(
  betId: string,
  playerId: string,
  track: string,
  amount: bigint,
  currency: GameCurrency = 'OJO',
): DashBet {
  return { betId, playerId, currency, track, amount };
}
