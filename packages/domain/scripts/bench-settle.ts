/**
 * Settlement benchmark of a Dash round (goal: a round of 100,000 bets settles well under 1 s).
 *
 *   npm run bench -w @ojo/domain                 100,000 bets, median of 5 runs
 *   BENCH_BETS=250000 BENCH_RUNS=3 npm run bench -w @ojo/domain
 *
 * It measures, on one round played through the state machine with bets from 20,000 players in both currencies:
 * placing every bet (advance), settling (advance with `settle`: the bets checked against the pools, winners,
 * books and every payout), and verifying the published round (what the verify page and script do). Beside them it
 * measures a reference in the same run, summing as many bigints, so the numbers can be read against this machine's
 * speed of the moment (the machine is shared). Exit code 1 when settlement misses the goal.
 */
import type { GameCurrency } from '../src/game/amount';
import { advance, createDashRound, type DashRound } from '../src/game/dash/round';
import { DEFAULT_DASH_CONFIG } from '../src/game/dash/rules';
import type { DashBet } from '../src/game/dash/settle';
import { createDashTerms, drawTracks } from '../src/game/dash/terms';
import { publishRound, verifyRound } from '../src/game/dash/verify';
import { coinParams, DEFAULT_MARKET_COINS } from '../src/game/market/coins';
import { stepAt } from '../src/game/market/model';
import { MarketSimulator } from '../src/game/market/simulator';

const BETS = Number(process.env.BENCH_BETS ?? 100_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5);
const GOAL_MS = 1000;
const SEED = '42'.repeat(32);
const OPENS_AT = 1_750_000_000_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time<T>(work: () => T): { ms: number; value: T } {
  const started = performance.now();
  const value = work();
  return { ms: performance.now() - started, value };
}

function setUp() {
  const openStep = stepAt(OPENS_AT);
  const market = new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep: openStep });
  const tracks = drawTracks(
    DEFAULT_MARKET_COINS.map((coin) => coin.symbol),
    SEED,
  );
  const open = market.pricesAtStep(openStep);
  market.addSegment({ fromStep: openStep + 1, seed: SEED });
  const terms = createDashTerms({
    roundId: 'bench',
    tracks,
    opensAtMs: OPENS_AT,
    config: DEFAULT_DASH_CONFIG,
    feed: {
      kind: 'simulated',
      reversionPpb: market.reversionPpb,
      coins: tracks.map((symbol) => coinParams(DEFAULT_MARKET_COINS.find((coin) => coin.symbol === symbol)!)),
      openPrices: tracks.map((symbol) => open[symbol]!),
    },
  });
  const bets: DashBet[] = Array.from({ length: BETS }, (_, i) => ({
    betId: `bet-${i}`,
    playerId: `player-${i % 20_000}`,
    currency: (i % 3 === 0 ? 'POINT' : 'OJO') as GameCurrency,
    track: tracks[(i * 7) % tracks.length]!,
    amount: 200n + BigInt((i * 7919) % 100_000),
  }));
  return { terms, market, bets };
}

function playOnce() {
  const { terms, market, bets } = setUp();
  const { timeline } = terms;
  let state: DashRound = advance(createDashRound(terms, SEED), { type: 'tick' }, timeline.opensAtMs).state;
  const placing = time(() => {
    for (const bet of bets) {
      const result = advance(state, { type: 'bet.place', ...bet }, timeline.opensAtMs + 1);
      if (result.refusal) throw new Error(result.refusal.message);
      state = result.state;
    }
  });
  state = advance(
    state,
    { type: 'snapshot', kind: 'start', snapshot: market.snapshotAt(terms.tracks, timeline.closesAtMs) },
    timeline.closesAtMs,
  ).state;
  state = advance(
    state,
    { type: 'snapshot', kind: 'end', snapshot: market.snapshotAt(terms.tracks, timeline.raceEndsAtMs) },
    timeline.raceEndsAtMs,
  ).state;
  const settling = time(() => advance(state, { type: 'settle', bets }, timeline.raceEndsAtMs + 1));
  if (settling.value.refusal) throw new Error(settling.value.refusal.message);
  const transfers = settling.value.effects.flatMap((effect) =>
    effect.type === 'payout'
      ? [{ betId: effect.betId, currency: effect.currency, amount: effect.amount }]
      : [],
  );
  const published = publishRound({
    round: settling.value.state,
    seed: SEED,
    bets: bets.map((bet) => ({ ...bet, placedAtMs: timeline.opensAtMs + 1 })),
    transfers,
  });
  const verifying = time(() => verifyRound(published));
  if (!verifying.value.valid) throw new Error('the benchmark round did not verify');
  const reference = time(() => bets.reduce((sum, bet) => sum + bet.amount, 0n));
  return {
    placing: placing.ms,
    settling: settling.ms,
    verifying: verifying.ms,
    reference: reference.ms,
    payouts: transfers.length,
  };
}

const runs = Array.from({ length: RUNS }, playOnce);
const row = (label: string, key: 'placing' | 'settling' | 'verifying' | 'reference') => {
  const ms = median(runs.map((run) => run[key]));
  const ratio = ms / median(runs.map((run) => run.reference));
  return `${label.padEnd(44)} ${ms.toFixed(1).padStart(9)} ms   ${ratio.toFixed(0).padStart(5)} x reference`;
};
console.log(
  `Dash round with ${BETS.toLocaleString('en-US')} bets, median of ${RUNS} runs (${runs[0]!.payouts} payouts)`,
);
console.log(row('place every bet (advance, bet.place)', 'placing'));
console.log(row('settle (advance, settle: check, winners, payouts)', 'settling'));
console.log(row('verify the published round', 'verifying'));
console.log(row('reference: sum the stakes as bigint', 'reference'));
const settleMs = median(runs.map((run) => run.settling));
console.log(`goal: settlement at most ${GOAL_MS} ms: ${settleMs <= GOAL_MS ? 'met' : 'MISSED'}`);
process.exitCode = settleMs <= GOAL_MS ? 0 : 1;
